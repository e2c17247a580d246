import type { Static, TSchema } from '@sinclair/typebox';
import { CreatedResult, DeleteBatchRequest, DeleteBatchResult, NoData } from './common';

/**
 * One API endpoint, declared once in its module's contract: method, path (`:name` params), request
 * schemas, the response (the result inside the path family's envelope) and who may call it. The
 * server mounts it (server/src/lib/endpoint.ts `mount`), the console calls its path
 * (`pathsOf(Api)`), and the route checks, the tenant-isolation sweep and the system log's operation
 * names read it. Plain data and TypeBox only: no framework here.
 *
 *   export const WorkshopApi = {
 *     workshopList: get('/dps-server/workshop/list', { query: WorkshopListQuery, response: PageResult(Workshop), authority: A.page }),
 *     workshopDetail: get('/dps-server/workshop/detail/:id', { params: IdParams, response: Workshop, authority: A.page }),
 *     workshopCreate: post('/dps-server/workshop/create', { body: CreateWorkshopRequest, response: CreatedResult, authority: A.workshopAdd }),
 *   };
 *   export const WorkshopPaths = pathsOf(WorkshopApi); // workshopList: '/dps-server/workshop/list', workshopDetail: (id) => '/dps-server/workshop/detail/1'
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The response of a download (xlsx): a file, not an envelope. */
export const FILE = 'file' as const;

/**
 * The response of a server-sent event stream (`text/event-stream`): the handler writes the stream
 * itself, no envelope.
 */
export const EVENT_STREAM = 'event-stream' as const;

/**
 * Who may call an endpoint: exactly one of an authority code, any logged-in session, anyone, or a
 * shop-floor machine (一体机 / gateway) with its machine key (header `X_MACHINE_KEY`, issued on
 * /oneMachine): never a user token, and a machine key opens no other route. An authority may be a
 * list: the caller needs any one of them (a call shared by several pages, each under its own code;
 * the first names the call in the system log).
 */
export type RouteAuthority = string | readonly [string, ...string[]];
export type Access =
  | { authority: RouteAuthority; session?: never; public?: never; machine?: never }
  | { session: true; authority?: never; public?: never; machine?: never }
  | { public: true; authority?: never; session?: never; machine?: never }
  | { machine: true; authority?: never; session?: never; public?: never };

export type EndpointSpec = Access & {
  query?: TSchema;
  params?: TSchema;
  body?: TSchema;
  /** The result inside the family envelope, FILE for a download, EVENT_STREAM for server-sent events. */
  response: TSchema | typeof FILE | typeof EVENT_STREAM;
  /**
   * Chinese operation name in the system log, for writes whose access names nothing (session,
   * public or machine: 登录, 上传文件…). Writes guarded by an authority are named from the authority.
   */
  name?: string;
};

export type Endpoint<P extends string = string, S extends EndpointSpec = EndpointSpec> = S & { method: Method; path: P };

export function get<const P extends string, const S extends EndpointSpec>(path: P, spec: S): Endpoint<P, S> {
  return { ...spec, method: 'GET', path };
}

export function post<const P extends string, const S extends EndpointSpec>(path: P, spec: S): Endpoint<P, S> {
  return { ...spec, method: 'POST', path };
}

export function put<const P extends string, const S extends EndpointSpec>(path: P, spec: S): Endpoint<P, S> {
  return { ...spec, method: 'PUT', path };
}

export function del<const P extends string, const S extends EndpointSpec>(path: P, spec: S): Endpoint<P, S> {
  return { ...spec, method: 'DELETE', path };
}

type StaticOf<T> = T extends TSchema ? Static<T> : unknown;
/** The request parts of an endpoint, as Fastify route generics. */
export interface RequestOf<E extends Endpoint> {
  Querystring: StaticOf<E['query']>;
  Params: StaticOf<E['params']>;
  Body: StaticOf<E['body']>;
}

/** A path with `:params` becomes a function of them (in order); a plain path stays a string. */
export type PathOf<P extends string> = P extends `${string}:${string}` ? (...params: Array<number | string>) => string : P;
export type PathsOf<A extends Record<string, Endpoint>> = { readonly [K in keyof A]: PathOf<A[K]['path']> };

/** A function filling a path's `:params` in order. */
export function pathFiller(path: string): (...params: Array<number | string>) => string {
  return (...params) => {
    let index = 0;
    return path.replace(/:\w+/g, () => String(params[index++]));
  };
}

/** The console's paths of a module's endpoints: strings, and functions where the path has params. */
export function pathsOf<const A extends Record<string, Endpoint>>(api: A): PathsOf<A> {
  const paths: Record<string, unknown> = {};
  for (const [key, endpoint] of Object.entries(api)) paths[key] = endpoint.path.includes(':') ? pathFiller(endpoint.path) : endpoint.path;
  return paths as PathsOf<A>;
}

/** Every endpoint of the given `*Api` objects. */
export function endpointsOf(...apis: Array<Record<string, Endpoint>>): Endpoint[] {
  return apis.flatMap((api) => Object.values(api));
}

/** The codes of a route authority: any one of them opens the route. */
export function authorityCodes(authority: RouteAuthority): readonly string[] {
  return typeof authority === 'string' ? [authority] : authority;
}

export function isWrite(endpoint: Pick<Endpoint, 'method'>): boolean {
  return endpoint.method !== 'GET';
}

export type Keyed<N extends string, S extends string> = N extends '' ? Uncapitalize<S> : `${N}${S}`;
type Writes<C extends TSchema, U extends TSchema> = {
  Create: Endpoint<string, { body: C; response: typeof CreatedResult; authority: RouteAuthority }>;
  Update: Endpoint<string, { body: U; response: typeof NoData; authority: RouteAuthority }>;
  DeleteBatch: Endpoint<string, { body: typeof DeleteBatchRequest; response: typeof DeleteBatchResult; authority: RouteAuthority }>;
};

/**
 * The writes of one master-data entity under `base`, keyed `<name>Create`, `<name>Update`,
 * `<name>DeleteBatch` (or `create`, `update`, `deleteBatch` for name ''): create (→ { id }), update
 * (→ null) and delete_batch ({ ids } → { deleted }), each guarded by its button. Spread it into the Api.
 */
export function crudEndpoints<const N extends string, C extends TSchema, U extends TSchema>(
  name: N,
  base: string,
  create: C,
  update: U,
  authorities: { add: RouteAuthority; edit: RouteAuthority; remove: RouteAuthority },
): { [K in keyof Writes<C, U> as Keyed<N, K>]: Writes<C, U>[K] } {
  const key = (suffix: string) => (name ? `${name}${suffix}` : suffix.charAt(0).toLowerCase() + suffix.slice(1));
  return {
    [key('Create')]: post(`${base}/create`, { body: create, response: CreatedResult, authority: authorities.add }),
    [key('Update')]: post(`${base}/update`, { body: update, response: NoData, authority: authorities.edit }),
    [key('DeleteBatch')]: post(`${base}/delete_batch`, { body: DeleteBatchRequest, response: DeleteBatchResult, authority: authorities.remove }),
  } as never;
}
