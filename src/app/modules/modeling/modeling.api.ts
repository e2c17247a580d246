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
  type WorkMachine,
} from '@core/contracts/modeling';
import { PRODUCT_IMPORT_TIMEOUT_MS } from '@core/constants';
import { http, saveBlob } from '@core/http';
import type { ImportOutcome, ListQuery } from '@app/components';
import { ALL, allDevices, filtersOf, removeBatch } from '@app/shared';


export const workshopsApi = {
  list: (query: ListQuery) => http.get<PageResult<Workshop>>(P.workshopList, query),
  all: () => http.get<PageResult<Workshop>>(P.workshopList, ALL).then((page) => page.list),
  create: (request: CreateWorkshopRequest) => http.post<CreatedResult>(P.workshopCreate, request),
  update: (request: CreateWorkshopRequest & { id: number }) => http.post<void>(P.workshopUpdate, request),
  remove: removeBatch(P.workshopDeleteBatch),
};

export const deviceTypesApi = {
  tree: () => http.get<DeviceTypeNode[]>(P.deviceTypeTree),
  create: (request: { machineType: string; machineTypeName: string; parentId: number | null }) => http.post<CreatedResult>(P.deviceTypeCreate, request),
  update: (request: { id: number; machineType: string; machineTypeName: string; parentId: number | null }) => http.post<void>(P.deviceTypeUpdate, request),
  remove: removeBatch(P.deviceTypeDeleteBatch),
};

export const devicesApi = {
  list: (query: ListQuery) => http.get<PageResult<Device>>(P.deviceList, query),
  all: allDevices,
  detail: (id: number) => http.get<DeviceDetail>(P.deviceDetail(id)),
  /** Which devices can run which process, at what theoretical speed. */
  speeds: () => http.get<DeviceSpeedEntry[]>(P.deviceSpeedList),
  create: (request: CreateDeviceRequest) => http.post<CreatedResult>(P.deviceCreate, request),
  update: (request: CreateDeviceRequest & { id: number }) => http.post<void>(P.deviceUpdate, request),
  remove: removeBatch(P.deviceDeleteBatch),
  importFile: (url: string): Promise<ImportOutcome> => http.post<ImportResult>(P.deviceImport, { url }, { hideError: true }),
  downloadTemplate: async () => saveBlob(await http.getBlob(P.deviceImportTemplate), '设备导入模板.xlsx'),
  exportFile: (query: ListQuery) => http.exportFile(P.deviceExport, filtersOf(query), '设备列表'),
};

export const processGroupsApi = {
  list: (query: ListQuery) => http.get<PageResult<ProcessGroup>>(P.processGroupList, query),
  all: () => http.get<PageResult<ProcessGroup>>(P.processGroupList, ALL).then((page) => page.list),
  create: (request: CreateProcessGroupRequest) => http.post<CreatedResult>(P.processGroupCreate, request),
  update: (request: CreateProcessGroupRequest & { id: number }) => http.post<void>(P.processGroupUpdate, request),
  remove: removeBatch(P.processGroupDeleteBatch),
};

export const processesApi = {
  list: (query: ListQuery) => http.get<PageResult<Process>>(P.processList, query),
  all: () => http.get<PageResult<Process>>(P.processList, { ...ALL, sort: 'sort,asc' }).then((page) => page.list),
  create: (request: CreateProcessRequest) => http.post<CreatedResult>(P.processCreate, request),
  update: (request: CreateProcessRequest & { id: number }) => http.post<void>(P.processUpdate, request),
  remove: removeBatch(P.processDeleteBatch),
};

export const workFlowsApi = {
  list: (query: ListQuery) => http.get<PageResult<WorkFlow>>(P.workFlowList, query),
  all: () => http.get<PageResult<WorkFlow>>(P.workFlowList, ALL).then((page) => page.list),
  /** Flows a product may use: templates, plus its own dedicated flows when it exists already. */
  usableBy: (productId: number | null) =>
    http
      .get<PageResult<WorkFlow>>(P.workFlowList, productId === null ? { ...ALL, isTemplate: 'true' } : { ...ALL, usableByProductId: productId })
      .then((page) => page.list),
  map: () => http.get<WorkFlowMap>(P.workFlowMap),
  detail: (id: number) => http.get<WorkFlowDetail>(P.workFlowDetail(id)),
  create: (request: CreateWorkFlowRequest) => http.post<CreatedResult>(P.workFlowCreate, request),
  update: (request: CreateWorkFlowRequest & { id: number }) => http.post<void>(P.workFlowUpdate, request),
  remove: removeBatch(P.workFlowDeleteBatch),
};

export const productClassifiesApi = {
  tree: () => http.get<ProductClassifyNode[]>(P.productClassifyTree),
  create: (request: { classifyName: string; parentId: number | null }) => http.post<CreatedResult>(P.productClassifyCreate, request),
  update: (request: { id: number; classifyName: string; parentId: number | null }) => http.post<void>(P.productClassifyUpdate, request),
  remove: removeBatch(P.productClassifyDeleteBatch),
};

export const productsApi = {
  list: (query: ListQuery) => http.get<PageResult<Product>>(P.productList, query),
  create: (request: CreateProductRequest) => http.post<CreatedResult>(P.productCreate, request),
  update: (request: CreateProductRequest & { id: number }) => http.post<void>(P.productUpdate, request),
  remove: removeBatch(P.productDeleteBatch),
  /** Spec §9: up to 600 s for a product import. */
  importFile: (url: string): Promise<ImportOutcome> =>
    http.post<ImportResult>(P.productImport, { url }, { hideError: true, timeout: PRODUCT_IMPORT_TIMEOUT_MS }),
  downloadTemplate: async () => saveBlob(await http.getBlob(P.productImportTemplate), '产品导入模板.xlsx'),
  exportFile: (query: ListQuery) => http.exportFile(P.productExport, filtersOf(query), '产品档案'),
};

export const teamsApi = {
  list: (query: ListQuery) => http.get<PageResult<Team>>(TeamPaths.teamList, query),
  detail: (id: number) => http.get<TeamDetail>(TeamPaths.teamDetail(id)),
  create: (request: CreateTeamRequest) => http.post<CreatedResult>(TeamPaths.teamCreate, request),
  update: (request: CreateTeamRequest & { id: number }) => http.post<void>(TeamPaths.teamUpdate, request),
  remove: removeBatch(TeamPaths.teamDeleteBatch),
};

export const positionsApi = {
  list: (query: ListQuery) => http.get<PageResult<Position>>(TeamPaths.positionList, query),
  all: () => http.get<PageResult<Position>>(TeamPaths.positionList, ALL).then((page) => page.list),
  create: (request: CreatePositionRequest) => http.post<CreatedResult>(TeamPaths.positionCreate, request),
  update: (request: CreatePositionRequest & { id: number }) => http.post<void>(TeamPaths.positionUpdate, request),
  remove: removeBatch(TeamPaths.positionDeleteBatch),
};

export const icCardsApi = {
  list: (query: ListQuery) => http.get<PageResult<IcCard>>(F.icCardList, query),
  create: (request: CreateIcCardRequest) => http.post<CreatedResult>(F.icCardCreate, request),
  update: (request: CreateIcCardRequest & { id: number }) => http.post<void>(F.icCardUpdate, request),
  bind: (id: number, userId: number) => http.post<void>(F.icCardBind, { id, userId }),
  unbind: (id: number) => http.post<void>(F.icCardUnbind, { id }),
  remove: removeBatch(F.icCardDeleteBatch),
};

export const workMachinesApi = {
  list: (query: ListQuery) => http.get<PageResult<WorkMachine>>(F.workMachineList, query),
  create: (request: CreateWorkMachineRequest) => http.post<CreatedResult>(F.workMachineCreate, request),
  update: (request: CreateWorkMachineRequest & { id: number }) => http.post<void>(F.workMachineUpdate, request),
  remove: removeBatch(F.workMachineDeleteBatch),
};

export const badReasonsApi = {
  list: (query: ListQuery) => http.get<PageResult<BadReason>>(F.badReasonList, query),
  create: (request: CreateBadReasonRequest) => http.post<CreatedResult>(F.badReasonCreate, request),
  update: (request: CreateBadReasonRequest & { id: number }) => http.post<void>(F.badReasonUpdate, request),
  remove: removeBatch(F.badReasonDeleteBatch),
};
