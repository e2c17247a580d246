import type { PageResult } from '@core/contracts/common';
import { ModelingPaths, type WorkFlow } from '@core/contracts/modeling';
import {
  ProductionOrderPaths as P,
  type CreateProductionOrderRequest,
  type OrderActionResult,
  type OrderHistoryEntry,
  type OrderOperation,
  type OrderScreenAction,
  type ProductionOrderListRow,
  type ProductionOrderRow,
  type UpdateProductionOrderRequest,
} from '@core/contracts/work-order/order';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { ALL, crudApi, entityPaths, filtersOf, importApi } from '@app/shared';

/** Which orders a list shows: every order, those with issued work orders, or recycled ones (7). */
export type OrderListKind = 'all' | 'issued' | 'semi';

const LIST_PATHS: Record<OrderListKind, string> = { all: P.list, issued: P.issuedList, semi: P.semiList };
/** The export (one endpoint) narrowed like the list it was started from. */
const EXPORT_FILTERS: Record<OrderListKind, Record<string, string>> = { all: {}, issued: { issueState: '1,2' }, semi: { status: '7' } };

export const ordersApi = {
  ...crudApi<ProductionOrderRow, CreateProductionOrderRequest, UpdateProductionOrderRequest>(entityPaths(P, '')),
  ...importApi(P.import, P.importTemplate, '生产订单导入模板.xlsx'),
  listOf: (kind: OrderListKind) => (query: ListQuery) => http.get<PageResult<ProductionOrderListRow>>(LIST_PATHS[kind], query),
  detail: (id: number) => http.get<ProductionOrderRow>(P.detail(id)),
  operations: (id: number) => http.get<OrderOperation[]>(P.operations(id)),
  history: (id: number) => http.get<OrderHistoryEntry[]>(P.history(id)),
  act: (action: OrderScreenAction, ids: number[], note?: string) => http.post<OrderActionResult>(P[action], { ids, ...(note ? { note } : {}) }),
  deliveryDate: (ids: number[], deliveryDate: string) => http.post<OrderActionResult>(P.batchDeliveryDate, { ids, deliveryDate }),
  urgent: (ids: number[], urgency: number) => http.post<OrderActionResult>(P.urgent, { ids, urgency }),
  exportFile: (kind: OrderListKind, query: ListQuery) => http.exportFile(P.export, { ...filtersOf(query), ...EXPORT_FILTERS[kind] }, '生产订单'),
  /** The factory's process flows for the order form's picker. */
  flows: () => http.get<PageResult<WorkFlow>>(ModelingPaths.workFlowList, ALL).then((page) => page.list),
};
