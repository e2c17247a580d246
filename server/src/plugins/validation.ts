import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type RouteDefinition = { httpPart?: string } & Record<string, unknown>;

/**
 * Query strings and path params are coerced ("20" → 20), JSON bodies are not: with coercion a
 * `null` in a nullable field would silently become "" or 0.
 */
function buildValidator(externalSchemas: unknown, ajvOptions: unknown) {
  const factory = AjvCompiler();
  const options = ajvOptions as { customOptions?: Record<string, unknown>; plugins?: unknown[] };
  const coercing = factory(externalSchemas as never, { customOptions: {}, plugins: [], ...options } as never);
  const strict = factory(externalSchemas as never, {
    plugins: [],
    ...options,
    customOptions: { ...options.customOptions, coerceTypes: false },
  } as never);
  return (route: RouteDefinition) => (route.httpPart === 'body' ? strict(route as never) : coercing(route as never));
}

export const schemaController = { compilersFactory: { buildValidator } } as SchemaController;
