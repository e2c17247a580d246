import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { DATE_FORMAT, TEXT_FORMAT, isCalendarDate, isStorableText } from '@core/contracts/common';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type RouteDefinition = { httpPart?: string; schema?: unknown } & Record<string, unknown>;
type SchemaNode = Record<string, unknown>;

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else', 'contains'];

/**
 * The request schema as it is enforced, without changing the declaration (a copy): every string
 * without a format of its own is in the shared text format (no NUL, no lone surrogate:
 * contracts/common.ts `Text`), so no present or future text field can miss it; a record's keys too.
 */
export function enforced(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => enforced(item));
  if (!schema || typeof schema !== 'object') return schema;
  const node: SchemaNode = { ...(schema as SchemaNode) };
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('string') && node.format === undefined && node.const === undefined && node.enum === undefined) {
    node.format = TEXT_FORMAT;
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = node[key];
    if (map && typeof map === 'object') {
      node[key] = Object.fromEntries(Object.entries(map as SchemaNode).map(([name, sub]) => [name, enforced(sub)]));
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(node[key])) node[key] = (node[key] as unknown[]).map((sub) => enforced(sub));
  }
  for (const key of SUBSCHEMAS) {
    if (node[key] && typeof node[key] === 'object') node[key] = enforced(node[key]);
  }
  // Records: their keys are text as well.
  if (node.patternProperties && node.propertyNames === undefined) node.propertyNames = { format: TEXT_FORMAT };
  return node;
}

/**
 * Query strings and path params are coerced ("20" → 20; booleans from "true"/"false" only), JSON
 * bodies are not: with coercion a `null` in a nullable field would silently become "" or 0.
 * Both check text with the shared text format and read every schema through `enforced`.
 */
function buildValidator(externalSchemas: unknown, ajvOptions: unknown) {
  const factory = AjvCompiler();
  const options = ajvOptions as { customOptions?: Record<string, unknown>; plugins?: unknown[] };
  const customOptions = {
    ...options.customOptions,
    formats: { ...(options.customOptions?.formats as object | undefined), [TEXT_FORMAT]: isStorableText, [DATE_FORMAT]: isCalendarDate },
  };
  const coercing = factory(externalSchemas as never, { plugins: [], ...options, customOptions } as never);
  const strict = factory(externalSchemas as never, {
    plugins: [],
    ...options,
    customOptions: { ...customOptions, coerceTypes: false },
  } as never);
  return (route: RouteDefinition) => {
    const compile = route.httpPart === 'body' ? strict : coercing;
    return lazyValidator(() => compile({ ...route, schema: enforced(route.schema) } as never) as AjvValidator);
  };
}

type AjvValidator = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/**
 * A validator compiled when its route is first called, not when the route is mounted: a server
 * with ~400 routes starts in a fraction of the time (each test app too), and a route nobody calls
 * costs nothing. Ajv's validator protocol is kept: the outcome, `errors` after a failure, and the
 * parent object passed on so a root value can be coerced in place.
 */
function lazyValidator(compile: () => AjvValidator): AjvValidator {
  let compiled: AjvValidator | undefined;
  const validate: AjvValidator = (data, context) => {
    compiled ??= compile();
    const result = compiled(data, context);
    validate.errors = compiled.errors;
    return result;
  };
  // Fastify passes the parent object only to a validator that has a schemaEnv (an Ajv one).
  validate.schemaEnv = true;
  return validate;
}

/** Response serializers, compiled on a route's first answer for the same reason (fast-json-stringify). */
function buildSerializer(externalSchemas: unknown, options: unknown) {
  const compile = SerializerSelector()(externalSchemas as never, options as never);
  return (route: Parameters<typeof compile>[0]) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= compile(route) as (data: unknown) => string)(data);
  };
}

export const schemaController = { compilersFactory: { buildValidator, buildSerializer } } as SchemaController;

/** The serializer picks union branches with Ajv too: it knows the text format (else it warns and ignores it). */
export const serializerOpts = { ajv: { formats: { [TEXT_FORMAT]: isStorableText, [DATE_FORMAT]: isCalendarDate } } };

/**
 * A body keeps only the fields its declaration names, at every level (TypeBox `Value.Clean`), before
 * it is validated: whatever else a client sends (a row read back with its computed columns, a 9 MB
 * `junk`) is dropped, never stored, on every route alike. Only then are the declared fields checked
 * (so `minProperties` counts declared fields only).
 */
export const declaredFieldsPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const declared = request.routeOptions.config?.endpoint?.body;
      if (declared && request.body !== null && typeof request.body === 'object') {
        request.body = Value.Clean(declared as TSchema, request.body);
      }
    });
  },
  { name: 'mes-declared-fields' },
);
