import {
  DeviceRepairPaths as P,
  type CreateRepairRequest,
  type CreateWebhookRequest,
  type Repair,
  type RepairDetail,
  type RepairWebhook,
  type SparePartStock,
  type UpdateRepairRequest,
  type UpdateWebhookRequest,
} from '@core/contracts/device-repair';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { crudApi, entityPaths, filtersOf } from '@app/shared';

export type RepairStep = 'start' | 'submit' | 'accept' | 'reject';

export const repairsApi = {
  ...crudApi<Repair, CreateRepairRequest, UpdateRepairRequest>(entityPaths(P, '')),
  detail: (id: number) => http.get<RepairDetail>(P.detail(id)),
  /** 开始维修 / 提交验收 / 验收通过 / 驳回 (驳回 with its reason). */
  step: (step: RepairStep, id: number, remark?: string) => http.post<void>(P[step], { id, remark }),
  spareParts: (deviceId: number) => http.get<SparePartStock[]>(P.spareParts, { deviceId }),
  exportFile: (query: ListQuery) => http.exportFile(P.export, filtersOf(query), '维修单'),
};

export const webhooksApi = {
  ...crudApi<RepairWebhook, CreateWebhookRequest, UpdateWebhookRequest>(entityPaths(P, 'webhook')),
  /** Spec §7: a test message to one configured robot. */
  sendTest: (url: string, message: string) => http.post<void>(P.dingtalkProxy, { url, message }),
};
