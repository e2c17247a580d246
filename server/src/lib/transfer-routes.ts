import type { Endpoint } from '@core/contracts/endpoint';
import type { ImportRequest } from '@core/contracts/files';
import type { FastifyInstance } from 'fastify';
import type { OperationContext } from '../db/operation-log';
import { scopeOf, sessionOf, type Scope } from '../plugins/auth';
import { mount } from './endpoint';
import { sendXlsx, type ExportColumn } from './excel-export';
import { templateHeaders, type ImportColumn } from './excel-import';
import { operationContext } from './operation-context';

/** Where an uploaded workbook is read from (the files module's FileService). */
export interface StoredFiles {
  find(scope: Scope, url: string): Promise<{ absolutePath: string }>;
}

/** `<entity>/import` (body ImportRequest: an uploaded xlsx by its url) and `<entity>/import_template` (FILE: headers only). */
export interface ImportRoutes<K extends string> {
  endpoint: Endpoint;
  template: Endpoint;
  /** File and sheet name of the template, e.g. 设备导入模板. */
  templateName: string;
  columns: ReadonlyArray<ImportColumn<K>>;
  files: StoredFiles;
  run(scope: Scope, absolutePath: string, context: OperationContext): Promise<unknown>;
}

/** `<entity>/export` (FILE): the list's filters in the body, an xlsx of every matching row. */
export interface ExportRoutes<Q, R> {
  endpoint: Endpoint;
  /** File and sheet name, e.g. 设备列表. */
  name: string;
  columns: ReadonlyArray<ExportColumn<R>>;
  /** Validates the filters at once, so a bad filter still answers 4000 before the download. */
  rows(scope: Scope, query: Q): AsyncIterable<R>;
}

export function registerImportRoutes<K extends string>(app: FastifyInstance, spec: ImportRoutes<K>): void {
  mount(app, spec.endpoint, async (request) => {
    const scope = scopeOf(sessionOf(request));
    const file = await spec.files.find(scope, (request.body as ImportRequest).url);
    return spec.run(scope, file.absolutePath, operationContext(request));
  });
  mount(app, spec.template, async (_request, reply) =>
    sendXlsx(reply, spec.templateName, spec.templateName, templateHeaders(spec.columns).map((header) => ({ header, value: () => '' })), []),
  );
}

export function registerExportRoute<Q, R>(app: FastifyInstance, spec: ExportRoutes<Q, R>): void {
  mount(app, spec.endpoint, async (request, reply) => sendXlsx(reply, spec.name, spec.name, spec.columns, spec.rows(scopeOf(sessionOf(request)), request.body as Q)));
}
