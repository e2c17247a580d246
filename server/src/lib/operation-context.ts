import type { FastifyRequest } from 'fastify';
import type { OperationContext } from '../db/operation-log';

const SOURCES: Record<string, number> = { PC: 1, MACHINE: 2, ONE_MACHINE: 2, MOBILE: 3, APP: 3 };
const DEFAULT_SYSTEM_ID = 12;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Where a write comes from, for the operation log. */
export function operationContext(request: FastifyRequest): OperationContext {
  const source = header(request, 'x_request_source')?.trim().toUpperCase() ?? 'PC';
  const system = Number(header(request, 'x_system_version'));
  return {
    path: request.routeOptions.url ?? request.url.split('?')[0]!,
    source: SOURCES[source] ?? 1,
    system: Number.isInteger(system) && system > 0 ? system : DEFAULT_SYSTEM_ID,
  };
}
