import AjvCompiler from '@fastify/ajv-compiler';
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
    return compile({ ...route, schema: enforced(route.schema) } as never);
  };
}

export const schemaController = { compilersFactory: { buildValidator } } as SchemaController;

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
