import { type CreatedResult } from '@core/contracts/common';
import type { PageResult } from '@core/contracts/common';
import type { ImportResult } from '@core/contracts/files';
import {
  ModelingPaths as P,
  type CreateDeviceRequest,
  type CreateProcessGroupRequest,
  type CreateProcessRequest,
  type CreateProductRequest,
  type CreateWorkFlowRequest,
  type CreateWorkshopRequest,
  type Device,
  type DeviceDetail,
  type DeviceSpeedEntry,
  type DeviceTypeNode,
  type Process,
  type ProcessGroup,
  type Product,
  type ProductClassifyNode,
  type WorkFlow,
  type WorkFlowDetail,
  type WorkFlowMap,
  type Workshop,
} from '@core/contracts/modeling';
import {
  TeamPaths,
  type CreatePositionRequest,
  type CreateTeamRequest,
  type Position,
  type Team,
  type TeamDetail,
} from '@core/contracts/modeling';
import {
  ShopFloorPaths as F,
  type BadReason,
  type CreateBadReasonRequest,
  type CreateIcCardRequest,
  type CreateWorkMachineRequest,
  type IcCard,
  type IssuedMachineKey,
  type WorkMachine,
} from '@core/contracts/modeling';
import { PRODUCT_IMPORT_TIMEOUT_MS } from '@core/constants';
import { http, saveBlob } from '@core/http';
import type { ImportOutcome, ListQuery } from '@app/components';
import { ALL, allDevices, crudApi, entityPaths, filtersOf, importApi, removeBatch } from '@app/shared';


export const workshopsApi = {
  ...crudApi<Workshop, CreateWorkshopRequest>(entityPaths(P, 'workshop')),
};

export const deviceTypesApi = {
  tree: () => http.get<DeviceTypeNode[]>(P.deviceTypeTree),
  create: (request: { machineType: string; machineTypeName: string; parentId: number | null }) => http.post<CreatedResult>(P.deviceTypeCreate, request),
  update: (request: { id: number; machineType: string; machineTypeName: string; parentId: number | null }) => http.post<void>(P.deviceTypeUpdate, request),
  remove: removeBatch(P.deviceTypeDeleteBatch),
};

export const devicesApi = {
  ...crudApi<Device, CreateDeviceRequest>(entityPaths(P, 'device')),
  all: allDevices,
  detail: (id: number) => http.get<DeviceDetail>(P.deviceDetail(id)),
  /** Which devices can run which process, at what theoretical speed. */
  speeds: () => http.get<DeviceSpeedEntry[]>(P.deviceSpeedList),
  ...importApi(P.deviceImport, P.deviceImportTemplate, '设备导入模板.xlsx'),
  exportFile: (query: ListQuery) => http.exportFile(P.deviceExport, filtersOf(query), '设备列表'),
};

export const processGroupsApi = {
  ...crudApi<ProcessGroup, CreateProcessGroupRequest>(entityPaths(P, 'processGroup')),
};

export const processesApi = {
  ...crudApi<Process, CreateProcessRequest>(entityPaths(P, 'process')),
  all: () => http.get<PageResult<Process>>(P.processList, { ...ALL, sort: 'sort,asc' }).then((page) => page.list),
};

export const workFlowsApi = {
  ...crudApi<WorkFlow, CreateWorkFlowRequest>(entityPaths(P, 'workFlow')),
  /** Flows a product may use: templates, plus its own dedicated flows when it exists already. */
  usableBy: (productId: number | null) =>
    http
      .get<PageResult<WorkFlow>>(P.workFlowList, productId === null ? { ...ALL, isTemplate: 'true' } : { ...ALL, usableByProductId: productId })
      .then((page) => page.list),
  map: () => http.get<WorkFlowMap>(P.workFlowMap),
  detail: (id: number) => http.get<WorkFlowDetail>(P.workFlowDetail(id)),
};

export const productClassifiesApi = {
  tree: () => http.get<ProductClassifyNode[]>(P.productClassifyTree),
  create: (request: { classifyName: string; parentId: number | null }) => http.post<CreatedResult>(P.productClassifyCreate, request),
  update: (request: { id: number; classifyName: string; parentId: number | null }) => http.post<void>(P.productClassifyUpdate, request),
  remove: removeBatch(P.productClassifyDeleteBatch),
};

export const productsApi = {
  ...crudApi<Product, CreateProductRequest>(entityPaths(P, 'product')),
  /** Spec §9: up to 600 s for a product import. */
  importFile: (url: string): Promise<ImportOutcome> =>
    http.post<ImportResult>(P.productImport, { url }, { hideError: true, timeout: PRODUCT_IMPORT_TIMEOUT_MS }),
  downloadTemplate: async () => saveBlob(await http.getBlob(P.productImportTemplate), '产品导入模板.xlsx'),
  exportFile: (query: ListQuery) => http.exportFile(P.productExport, filtersOf(query), '产品档案'),
};

export const teamsApi = {
  ...crudApi<Team, CreateTeamRequest>(entityPaths(TeamPaths, 'team')),
  detail: (id: number) => http.get<TeamDetail>(TeamPaths.teamDetail(id)),
};

export const positionsApi = {
  ...crudApi<Position, CreatePositionRequest>(entityPaths(TeamPaths, 'position')),
};

export const icCardsApi = {
  ...crudApi<IcCard, CreateIcCardRequest>(entityPaths(F, 'icCard')),
  bind: (id: number, userId: number) => http.post<void>(F.icCardBind, { id, userId }),
  unbind: (id: number) => http.post<void>(F.icCardUnbind, { id }),
};

export const workMachinesApi = {
  ...crudApi<WorkMachine, CreateWorkMachineRequest>(entityPaths(F, 'workMachine')),
  issueKey: (id: number) => http.post<IssuedMachineKey>(F.workMachineKeyIssue, { id }),
  revokeKey: (id: number) => http.post<null>(F.workMachineKeyRevoke, { id }),
};

export const badReasonsApi = {
  ...crudApi<BadReason, CreateBadReasonRequest>(entityPaths(F, 'badReason')),
};
