import type { FastifyError, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notOneOfMessage, ResultCode } from '@core/contracts/common';
import { AppError, Messages, fail, familyOf, isApiPath, routePath } from './envelopes';

/** PostgreSQL SQLSTATE numeric_value_out_of_range (PGlite reports the same code). */
const NUMERIC_OUT_OF_RANGE = '22003';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

interface SchemaNode {
  title?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  additionalProperties?: SchemaNode | boolean;
}

/** The schema of one step down a path: an object's property, an array's items, a union's branch. */
function child(schema: SchemaNode, segment: string): SchemaNode | undefined {
  if (schema.properties?.[segment]) return schema.properties[segment];
  if (/^\d+$/.test(segment) && schema.items) return Array.isArray(schema.items) ? schema.items[Number(segment)] : schema.items;
  for (const branch of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) {
    const found = child(branch, segment);
    if (found) return found;
  }
  if (typeof schema.additionalProperties === 'object') return schema.additionalProperties;
  return undefined;
}

/**
 * The Chinese label of the failing field: the `title` its own schema declares (each module labels
 * its fields, so two modules' `widthMm` never collide). Array positions (ids/0) name no field: the
 * array does. Without a title, the field name.
 */
export function fieldLabel(issue: ValidationIssue, root: unknown): string {
  const missing = issue.params.missingProperty;
  const path = typeof missing === 'string' ? `${issue.instancePath}/${missing}` : issue.instancePath;
  const segments = path.split('/').filter(Boolean);
  let schema = root as SchemaNode | undefined;
  let label: string | undefined;
  let field: string | undefined;
  for (const segment of segments) {
    schema = schema ? child(schema, segment) : undefined;
    if (/^\d+$/.test(segment)) continue;
    field = segment;
    label = schema?.title;
  }
  if (!field) return '请求参数';
  return label ?? field;
}

/** The schema of the part of the request (body, querystring, params, headers) that failed. */
function failingSchema(request: FastifyRequest, context: string | undefined): unknown {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  if (!schema || !context) return undefined;
  return context === 'querystring' ? (schema.querystring ?? schema.query) : schema[context];
}

/** One Chinese sentence that names the field, e.g. 用户名不能为空. */
export function validationMessage(issue: ValidationIssue, root?: unknown): string {
  const label = fieldLabel(issue, root);
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
      return issue.params.type === 'boolean' ? `${label}只能是true或false` : `${label}类型不正确`;
    case 'pattern':
    case 'format':
      return `${label}格式不正确`;
    case 'enum':
      return notOneOfMessage(label, issue.params.allowedValues as unknown[]);
    case 'maxProperties':
      return `${label}字段过多`;
    default:
      return `${label}格式不正确`;
  }
}

/**
 * One error handler for every route: validation → 4000 naming the field, AppError → its code in the
 * family envelope (HTTP 200), malformed requests → 4000 (outside the API: HTTP 404), anything else → HTTP 500 with 5000
 * 服务器内部错误; details and stacks go to the log only.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
      const family = familyOf(routePath(request));
      if (error instanceof AppError) {
        return reply.code(200).send(fail(family, error.code, error.message));
      }
      const fastifyError = error as FastifyError;
      if (fastifyError.validation && fastifyError.validation.length > 0) {
        const issue = fastifyError.validation[0] as unknown as ValidationIssue;
        const root = failingSchema(request, fastifyError.validationContext);
        return reply.code(200).send(fail(family, ResultCode.VALIDATION, validationMessage(issue, root)));
      }
      // A number the schema let through but a column cannot hold: the write was rolled back.
      if ((error as { code?: unknown }).code === NUMERIC_OUT_OF_RANGE) {
        request.log.warn({ err: error }, 'number out of range for its column');
        return reply.code(200).send(fail(family, ResultCode.VALIDATION, Messages.NUMBER_OUT_OF_RANGE));
      }
      const status = fastifyError.statusCode ?? 500;
      // Outside the API (the console's files) a refused path is simply not there: HTTP 404, no envelope.
      if (status >= 400 && status < 500 && !isApiPath(routePath(request))) {
        request.log.info({ err: error }, 'refused path outside the API');
        return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      }
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
