import {
  DEVICE_CARE_PATHS,
  type CalendarDay,
  type CareHomeFigures,
  type CareKind,
  type CareOrder,
  type CareOrderDetail,
  type CreatePlanRequest,
  type CreateSchemeRequest,
  type ExecuteRequest,
  type GenerateResult,
  type Plan,
  type PlanOptions,
  type RaiseRepairResult,
  type Scheme,
  type SchemeDetail,
  type UpdatePlanRequest,
  type UpdateSchemeRequest,
} from '@core/contracts/device-care';
import type { PageResult } from '@core/contracts/common';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { crudApi, entityPaths } from '@app/shared';

/** The calls of one kind (点检 or 保养): the same endpoints under its own paths. */
function careApiOf(kind: CareKind) {
  const P = DEVICE_CARE_PATHS[kind];
  return {
    schemes: { ...crudApi<Scheme, CreateSchemeRequest, UpdateSchemeRequest>(entityPaths(P, 'scheme')), detail: (id: number) => http.get<SchemeDetail>(P.schemeDetail(id)) },
    plans: {
      ...crudApi<Plan, CreatePlanRequest, UpdatePlanRequest>(entityPaths(P, 'plan')),
      detail: (id: number) => http.get<Plan>(P.planDetail(id)),
      options: () => http.get<PlanOptions>(P.planOptions),
      /** 立即生成: the work orders the factory's plans call for now. */
      generate: () => http.post<GenerateResult>(P.generate, {}),
    },
    orders: {
      list: (query: ListQuery) => http.get<PageResult<CareOrder>>(P.orderList, query),
      detail: (id: number) => http.get<CareOrderDetail>(P.orderDetail(id)),
      execute: (request: ExecuteRequest) => http.post<void>(P.execute, request),
      raiseRepair: (id: number, itemId: number) => http.post<RaiseRepairResult>(P.raiseRepair, { id, itemId }),
      calendar: (month: string, mine: boolean) => http.get<CalendarDay[]>(P.calendar, mine ? { month, mine: 1 } : { month }),
      homeFigures: () => http.get<CareHomeFigures>(P.homeFigures),
    },
  };
}

export type CareApi = ReturnType<typeof careApiOf>;
export const CARE_API: Record<CareKind, CareApi> = { check: careApiOf('check'), maintenance: careApiOf('maintenance') };
