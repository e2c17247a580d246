import { StencilPaths as P, type CreateStencilRequest, type Stencil, type UpdateStencilRequest } from '@core/contracts/stencil';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { crudApi, entityPaths, filtersOf, importApi } from '@app/shared';

export const stencilsApi = {
  ...crudApi<Stencil, CreateStencilRequest, UpdateStencilRequest>(entityPaths(P, '')),
  ...importApi(P.import, P.importTemplate, '印版导入模板.xlsx'),
  exportFile: (query: ListQuery) => http.exportFile(P.export, filtersOf(query), '印版列表'),
};
