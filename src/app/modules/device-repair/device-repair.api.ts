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
import { DeviceStatusPaths, type Downtime } from '@core/contracts/device-status';
import type { PageResult } from '@core/contracts/common';
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
  /** The device's fault/standby records of the last 30 days (设备状态 停机记录), newest first: what an order may link. */
  downtime: async (deviceId: number, now = Date.now()) =>
    (await http.get<PageResult<Downtime>>(DeviceStatusPaths.downtimeList, { deviceId, from: now - 30 * 86_400_000, to: now, limit: 50 })).list,
  exportFile: (query: ListQuery) => http.exportFile(P.export, filtersOf(query), '维修单'),
};

export const webhooksApi = {
  ...crudApi<RepairWebhook, CreateWebhookRequest, UpdateWebhookRequest>(entityPaths(P, 'webhook')),
  /** Spec §7: a test message to one configured robot. */
  sendTest: (url: string, message: string) => http.post<void>(P.dingtalkProxy, { url, message }),
};
