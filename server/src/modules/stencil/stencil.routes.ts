import type { FastifyInstance } from 'fastify';
import { IdParams } from '@core/contracts/common';
import { CreateStencilRequest, StencilListQuery, StencilPaths as P, UpdateStencilRequest } from '@core/contracts/stencil';
import { StencilAuthorities as A } from '@core/access/authorities/stencil';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { registerExportRoute, registerImportRoutes, type StoredFiles } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { STENCIL_EXPORT_COLUMNS, STENCIL_IMPORT_COLUMNS, type StencilService } from './stencil.service';

/** /dps-server/stencil/*: list, detail, create/update/delete, import (with template) and export. */
export async function stencilRoutes(app: FastifyInstance, { stencils, files }: { stencils: StencilService; files: StoredFiles }): Promise<void> {
  registerCrudRoutes(app, {
    list: P.list,
    create: P.create,
    update: P.update,
    deleteBatch: P.deleteBatch,
    schemas: { list: StencilListQuery, create: CreateStencilRequest, update: UpdateStencilRequest },
    authorities: { read: A.page, add: A.add, edit: A.edit, delete: A.delete },
    service: stencils,
  });
  app.get<{ Params: IdParams }>(P.detail(':id'), { schema: { params: IdParams }, config: { authority: A.page } }, async (request) =>
    ok('result', await stencils.detail(scopeOf(sessionOf(request)), request.params.id)),
  );
  registerImportRoutes(app, {
    path: P.import,
    templatePath: P.importTemplate,
    templateName: '印版导入模板',
    authority: A.import,
    columns: STENCIL_IMPORT_COLUMNS,
    files,
    run: (scope, path, context) => stencils.import(scope, path, context),
  });
  registerExportRoute(app, {
    path: P.export,
    schema: StencilListQuery,
    authority: A.export,
    name: '印版列表',
    columns: STENCIL_EXPORT_COLUMNS,
    rows: (scope, query: StencilListQuery) => stencils.rows(scope, query),
  });
}
