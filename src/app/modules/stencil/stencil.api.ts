import type { CreatedResult, PageResult } from '@core/contracts/common';
import type { ImportResult } from '@core/contracts/files';
import { StencilPaths as P, type CreateStencilRequest, type Stencil, type UpdateStencilRequest } from '@core/contracts/stencil';
import { http, saveBlob } from '@core/http';
import type { ImportOutcome, ListQuery } from '@app/components';
import { filtersOf, removeBatch } from '@app/shared';

export const stencilsApi = {
  list: (query: ListQuery) => http.get<PageResult<Stencil>>(P.list, query),
  create: (request: CreateStencilRequest) => http.post<CreatedResult>(P.create, request),
  update: (request: UpdateStencilRequest) => http.post<void>(P.update, request),
  remove: removeBatch(P.deleteBatch),
  importFile: (url: string): Promise<ImportOutcome> => http.post<ImportResult>(P.import, { url }, { hideError: true }),
  downloadTemplate: async () => saveBlob(await http.getBlob(P.importTemplate), '印版导入模板.xlsx'),
  exportFile: (query: ListQuery) => http.exportFile(P.export, filtersOf(query), '印版列表'),
};
