import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ResultCode } from '@core/contracts/common';
import { AppError, Messages, fail, familyOf } from './envelopes';

/** PostgreSQL SQLSTATE numeric_value_out_of_range (PGlite reports the same code). */
const NUMERIC_OUT_OF_RANGE = '22003';

/** Chinese names of request fields, for validation messages. */
const FIELD_LABELS: Record<string, string> = {
  username: '用户名',
  password: '密码',
  refresh_token: '刷新令牌',
  orgId: '工厂',
  systemId: '系统编号',
  enterpriseId: '企业编号',
  buttonId: '按钮编号',
  page: '页码',
  limit: '每页条数',
  sort: '排序',
};

/** Modules add their own field labels. */
export function registerFieldLabels(labels: Record<string, string>): void {
  Object.assign(FIELD_LABELS, labels);
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldLabel(issue: ValidationIssue): string {
  const missing = issue.params.missingProperty;
  const path = typeof missing === 'string' ? `${issue.instancePath}/${missing}` : issue.instancePath;
  // Array positions (ids/0) name no field: the array does.
  const field = path.split('/').filter((segment) => segment && !/^\d+$/.test(segment)).pop();
  if (!field) return '请求参数';
  return FIELD_LABELS[field] ?? field;
}

/** One Chinese sentence that names the field, e.g. 用户名不能为空. */
export function validationMessage(issue: ValidationIssue): string {
  const label = fieldLabel(issue);
  const limit = issue.params.limit;
  switch (issue.keyword) {
    case 'required':
      return `${label}不能为空`;
    case 'minLength':
      return limit === 1 ? `${label}不能为空` : `${label}长度不能少于${String(limit)}个字符`;
    case 'maxLength':
      return `${label}长度不能超过${String(limit)}个字符`;
    case 'minimum':
      return `${label}不能小于${String(limit)}`;
    case 'maximum':
      return `${label}不能大于${String(limit)}`;
    case 'type':
      return `${label}类型不正确`;
    case 'pattern':
    case 'format':
      return `${label}格式不正确`;
    case 'maxProperties':
      return `${label}字段过多`;
    default:
      return `${label}格式不正确`;
  }
}

/**
 * One error handler for every route: validation → 4000 naming the field, AppError → its code in the
 * family envelope (HTTP 200), malformed requests → 4000, anything else → HTTP 500 with 5000
 * 服务器内部错误; details and stacks go to the log only.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      const family = familyOf(request.url);
      if (error instanceof AppError) {
        return reply.code(200).send(fail(family, error.code, error.message));
      }
      const fastifyError = error as FastifyError;
      if (fastifyError.validation && fastifyError.validation.length > 0) {
        const issue = fastifyError.validation[0] as unknown as ValidationIssue;
        return reply.code(200).send(fail(family, ResultCode.VALIDATION, validationMessage(issue)));
      }
      // A number the schema let through but a column cannot hold: the write was rolled back.
      if ((error as { code?: unknown }).code === NUMERIC_OUT_OF_RANGE) {
        request.log.warn({ err: error }, 'number out of range for its column');
        return reply.code(200).send(fail(family, ResultCode.VALIDATION, Messages.NUMBER_OUT_OF_RANGE));
      }
      const status = fastifyError.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'malformed request');
        return reply.code(200).send(fail(family, ResultCode.VALIDATION, Messages.BAD_REQUEST));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(fail(family, ResultCode.SERVER_ERROR, Messages.SERVER_ERROR));
    });
  },
  { name: 'mes-errors' },
);
