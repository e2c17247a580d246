import type { FastifyInstance } from 'fastify';
import { StencilApi as E, type StencilListQuery } from '@core/contracts/stencil';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { registerExportRoute, registerImportRoutes, type StoredFiles } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { STENCIL_EXPORT_COLUMNS, STENCIL_IMPORT_COLUMNS, type StencilService } from './stencil.service';

/** /dps-server/stencil/*: list, detail, create/update/delete, import (with template) and export, mounted from StencilApi. */
export async function stencilRoutes(app: FastifyInstance, { stencils, files }: { stencils: StencilService; files: StoredFiles }): Promise<void> {
  mount(app, E.list, async (request) => stencils.list(scopeOf(sessionOf(request)), request.query));
  mount(app, E.detail, async (request) => stencils.detail(scopeOf(sessionOf(request)), request.params.id));
  registerCrudRoutes(app, { create: E.create, update: E.update, deleteBatch: E.deleteBatch, service: stencils });
  registerImportRoutes(app, {
    endpoint: E.import,
    template: E.importTemplate,
    templateName: '印版导入模板',
    columns: STENCIL_IMPORT_COLUMNS,
    files,
    run: (scope, path, context) => stencils.import(scope, path, context),
  });
  registerExportRoute(app, {
    endpoint: E.export,
    name: '印版列表',
    columns: STENCIL_EXPORT_COLUMNS,
    rows: (scope, query: StencilListQuery) => stencils.rows(scope, query),
  });
}
