// TEMPORARY: the old route helpers, for modules not yet mounted from endpoint declarations.
import { DeleteBatchRequest } from '@core/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { OperationContext } from '../db/operation-log';
import { scopeOf, sessionOf, type Scope } from '../plugins/auth';
import { ok } from '../plugins/envelopes';
import type { ListParams } from './list-query';
import { operationContext } from './operation-context';

/**
 * The routes of one master-data entity: `list` (optional: trees and lists with extra filters mount
 * their own read), `create`, `update` and `delete_batch`, each with its authority.
 */
export interface CrudRoutes<C, U> {
  list?: string;
  create: string;
  update: string;
  deleteBatch: string;
  schemas: { list?: unknown; create: unknown; update: unknown };
  authorities: { read?: string; add: string; edit: string; delete: string };
  service: {
    list?(scope: Scope, params: ListParams): Promise<unknown>;
    create(scope: Scope, request: C, context: OperationContext): Promise<unknown>;
    update(scope: Scope, request: U, context: OperationContext): Promise<unknown>;
    deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<unknown>;
  };
}

/** Mounts the routes of one entity (result envelope, session scope, operation context). */
export function registerCrudRoutes<C, U>(app: FastifyInstance, spec: CrudRoutes<C, U>): void {
  const { list } = spec.service;
  if (spec.list && list) {
    app.get<{ Querystring: ListParams }>(spec.list, { schema: { querystring: spec.schemas.list }, config: { authority: spec.authorities.read } }, async (request) =>
      ok('result', await list.call(spec.service, scopeOf(sessionOf(request)), request.query)),
    );
  }
  app.post<{ Body: C }>(spec.create, { schema: { body: spec.schemas.create }, config: { authority: spec.authorities.add } }, async (request) =>
    ok('result', (await spec.service.create(scopeOf(sessionOf(request)), request.body as C, operationContext(request))) ?? null),
  );
  app.post<{ Body: U }>(spec.update, { schema: { body: spec.schemas.update }, config: { authority: spec.authorities.edit } }, async (request) =>
    ok('result', (await spec.service.update(scopeOf(sessionOf(request)), request.body as U, operationContext(request))) ?? null),
  );
  app.post<{ Body: DeleteBatchRequest }>(spec.deleteBatch, { schema: { body: DeleteBatchRequest }, config: { authority: spec.authorities.delete } }, async (request) =>
    ok('result', (await spec.service.deleteBatch(scopeOf(sessionOf(request)), request.body.ids, operationContext(request))) ?? null),
  );
}
import { ImportRequest } from '@core/contracts/files';
import { sendXlsx, type ExportColumn } from './excel-export';
import { templateHeaders, type ImportColumn } from './excel-import';

/** Where an uploaded workbook is read from (the files module's FileService). */
export interface StoredFiles {
  find(scope: Scope, url: string): Promise<{ absolutePath: string }>;
}

/** `<entity>/import` (an uploaded xlsx by its url) and `<entity>/import_template` (headers only). */
export interface ImportRoutes<K extends string> {
  path: string;
  templatePath: string;
  /** File and sheet name of the template, e.g. 设备导入模板. */
  templateName: string;
  authority: string;
  columns: ReadonlyArray<ImportColumn<K>>;
  files: StoredFiles;
  run(scope: Scope, absolutePath: string, context: OperationContext): Promise<unknown>;
}

/** `<entity>/export`: the list's filters in the body, an xlsx of every matching row. */
export interface ExportRoutes<Q, R> {
  path: string;
  /** The list query schema (the same filters as the list). */
  schema: unknown;
  authority: string;
  /** File and sheet name, e.g. 设备列表. */
  name: string;
  columns: ReadonlyArray<ExportColumn<R>>;
  /** Validates the filters at once, so a bad filter still answers 4000 before the download. */
  rows(scope: Scope, query: Q): AsyncIterable<R>;
}

export function registerImportRoutes<K extends string>(app: FastifyInstance, spec: ImportRoutes<K>): void {
  app.post<{ Body: ImportRequest }>(spec.path, { schema: { body: ImportRequest }, config: { authority: spec.authority } }, async (request) => {
    const scope = scopeOf(sessionOf(request));
    const file = await spec.files.find(scope, request.body.url);
    return ok('result', (await spec.run(scope, file.absolutePath, operationContext(request))) ?? null);
  });
  app.get(spec.templatePath, { config: { authority: spec.authority } }, async (_request, reply) =>
    sendXlsx(reply, spec.templateName, spec.templateName, templateHeaders(spec.columns).map((header) => ({ header, value: () => '' })), []),
  );
}

export function registerExportRoute<Q, R>(app: FastifyInstance, spec: ExportRoutes<Q, R>): void {
  app.post<{ Body: Q }>(spec.path, { schema: { body: spec.schema }, config: { authority: spec.authority } }, async (request, reply) =>
    sendXlsx(reply, spec.name, spec.name, spec.columns, spec.rows(scopeOf(sessionOf(request)), request.body as Q)),
  );
}
