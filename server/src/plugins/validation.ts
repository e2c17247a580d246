import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { TEXT_FORMAT, isStorableText } from '@core/contracts/common';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type RouteDefinition = { httpPart?: string; schema?: unknown } & Record<string, unknown>;
type SchemaNode = Record<string, unknown>;

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'];
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else', 'contains'];

/**
 * The request schema as it is enforced, without changing the declaration (a copy):
 *   - every string without a format of its own is in the shared text format (no NUL, no lone
 *     surrogate: contracts/common.ts `Text`), so no present or future text field can miss it;
 *   - in a body, every object that declares its properties takes only those: an undeclared field is
 *     refused (4000 不支持的字段：x), never stored. Members of an `allOf` are left open (each names
 *     only part of the object); records (patternProperties) declare their keys by pattern.
 */
export function enforced(schema: unknown, body: boolean, inAllOf = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => enforced(item, body));
  if (!schema || typeof schema !== 'object') return schema;
  const node: SchemaNode = { ...(schema as SchemaNode) };
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('string') && node.format === undefined && node.const === undefined && node.enum === undefined) {
    node.format = TEXT_FORMAT;
  }
  if (body && !inAllOf && node.properties && node.additionalProperties === undefined && node.patternProperties === undefined) {
    node.additionalProperties = false;
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = node[key];
    if (map && typeof map === 'object') {
      node[key] = Object.fromEntries(Object.entries(map as SchemaNode).map(([name, sub]) => [name, enforced(sub, body)]));
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(node[key])) node[key] = (node[key] as unknown[]).map((sub) => enforced(sub, body, key === 'allOf'));
  }
  for (const key of SUBSCHEMAS) {
    if (node[key] && typeof node[key] === 'object') node[key] = enforced(node[key], body);
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
    formats: { ...(options.customOptions?.formats as object | undefined), [TEXT_FORMAT]: isStorableText },
  };
  const coercing = factory(externalSchemas as never, { plugins: [], ...options, customOptions } as never);
  const strict = factory(externalSchemas as never, {
    plugins: [],
    ...options,
    // Undeclared fields are refused, not silently dropped (Fastify's default removes them).
    customOptions: { ...customOptions, coerceTypes: false, removeAdditional: false },
  } as never);
  return (route: RouteDefinition) => {
    const body = route.httpPart === 'body';
    const compile = body ? strict : coercing;
    return compile({ ...route, schema: enforced(route.schema, body) } as never);
  };
}

export const schemaController = { compilersFactory: { buildValidator } } as SchemaController;
