import { ResultCode } from '@core/contracts/common';
import { AppError } from '../plugins/envelopes';

const FALLBACK = '数据已存在，请勿重复提交';

/** The unique index a PostgreSQL error violated ('' when unnamed), or null for any other error. */
export function violatedUniqueIndex(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return null;
  return typeof constraint === 'string' ? constraint : '';
}

/**
 * Runs a write; a unique-index violation (two requests racing past the pre-check) becomes the
 * 4009 the pre-check would give, so only one of two concurrent creates succeeds. `messages` maps
 * index names to Chinese messages, or is the one message for any violation.
 */
export async function guardUnique<T>(write: () => Promise<T>, messages: Record<string, string> | string = {}): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === null) throw error;
    const message = typeof messages === 'string' ? messages : messages[index];
    throw new AppError(ResultCode.CONFLICT, message ?? FALLBACK);
  }
}
