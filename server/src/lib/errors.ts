import { ResultCode } from '@core/contracts/common';
import { AppError } from '../plugins/envelopes';

/** 4000 with a Chinese message (a rule the schema cannot express). */
export function validation(message: string): AppError {
  return new AppError(ResultCode.VALIDATION, message);
}
/** 4004: the row is not in the caller's factory. */
export function notFound(message: string): AppError {
  return new AppError(ResultCode.NOT_FOUND, message);
}
/** 4009: a duplicate or a row still in use. */
export function conflict(message: string): AppError {
  return new AppError(ResultCode.CONFLICT, message);
}
