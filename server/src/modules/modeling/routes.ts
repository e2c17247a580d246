import { DeleteBatchRequest, IdParams } from '@core/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ImportRequest } from '@core/contracts/files';
import {
  CreateDeviceRequest,
  CreateDeviceTypeRequest,
  CreateProcessGroupRequest,
  CreateProcessRequest,
  CreateProductClassifyRequest,
  CreateProductRequest,
  CreateWorkFlowRequest,
  CreateWorkshopRequest,
  DeviceListQuery,
  DeviceSpeedQuery,
  DeviceTypeTreeQuery,
  ModelingPaths as P,
  ProcessGroupListQuery,
  ProcessListQuery,
  ProductListQuery,
  UpdateDeviceRequest,
  UpdateDeviceTypeRequest,
  UpdateProcessGroupRequest,
  UpdateProcessRequest,
  UpdateProductClassifyRequest,
  UpdateProductRequest,
  UpdateWorkFlowRequest,
  UpdateWorkshopRequest,
  WorkFlowListQuery,
  WorkshopListQuery,
} from '@core/contracts/modeling';
import type { Db } from '../../db';
import type { OperationContext } from '../../db/operation-log';
import { sendXlsx, type ExportColumn } from '../../lib/excel-export';
import { templateHeaders, type ImportColumn } from '../../lib/excel-import';
import { scopeOf, sessionOf, type Scope } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { operationContext } from '../auth/routes';
import type { FileService } from '../files/service';
import { DEVICE_EXPORT_COLUMNS, DEVICE_IMPORT_COLUMNS, DeviceService } from './device';
import { DeviceTypeService } from './device-type';
import { ProcessService } from './process';
import { WorkFlowService } from './process-flow';
import { PRODUCT_EXPORT_COLUMNS, PRODUCT_IMPORT_COLUMNS, ProductService } from './product';
import { WorkshopService } from './workshop';
import { ModelingAuthorities } from '@core/access/authorities/modeling';

const A = ModelingAuthorities;

const DEVICE_EXPORT_NAME = '设备列表';
const PRODUCT_EXPORT_NAME = '产品档案';

type Body<T> = { Body: T };
type Query<T> = { Querystring: T };
type Params<T> = { Params: T };

/** The services behind /modeling, built on one database. */
export function modelingServices(db: Db) {
  return {
    workshops: new WorkshopService(db),
    deviceTypes: new DeviceTypeService(db),
    devices: new DeviceService(db),
    processes: new ProcessService(db),
    workFlows: new WorkFlowService(db),
    products: new ProductService(db),
  };
}
export type ModelingServices = ReturnType<typeof modelingServices>;

/** `<entity>/create|update|delete_batch` with the same shape for every entity. */
interface WriteRoutes<C, U> {
  create: string;
  update: string;
  deleteBatch: string;
  schemas: { create: unknown; update: unknown };
  authorities: { add: string; edit: string; delete: string };
  service: {
    create(scope: Scope, request: C, context: OperationContext): Promise<unknown>;
    update(scope: Scope, request: U, context: OperationContext): Promise<unknown>;
    deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<unknown>;
  };
}

export async function modelingRoutes(app: FastifyInstance, { services, files }: { services: ModelingServices; files: FileService }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));
  const read = { config: { authority: A.page } };

  function writes<C, U>(spec: WriteRoutes<C, U>): void {
    app.post<Body<C>>(spec.create, { schema: { body: spec.schemas.create }, config: { authority: spec.authorities.add } }, async (request) =>
      ok('result', await spec.service.create(scope(request), request.body as C, operationContext(request))),
    );
    app.post<Body<U>>(spec.update, { schema: { body: spec.schemas.update }, config: { authority: spec.authorities.edit } }, async (request) =>
      ok('result', (await spec.service.update(scope(request), request.body as U, operationContext(request))) ?? null),
    );
    app.post<Body<DeleteBatchRequest>>(
      spec.deleteBatch,
      { schema: { body: DeleteBatchRequest }, config: { authority: spec.authorities.delete } },
      async (request) => ok('result', await spec.service.deleteBatch(scope(request), request.body.ids, operationContext(request))),
    );
  }

  function template<K extends string>(path: string, authority: string, name: string, columns: ReadonlyArray<ImportColumn<K>>): void {
    app.get(path, { config: { authority } }, async (_request, reply) =>
      sendXlsx(reply, name, name, templateHeaders(columns).map((header) => ({ header, value: () => '' })), []),
    );
  }

  function exporter<Q, R>(path: string, schema: unknown, authority: string, name: string, columns: ReadonlyArray<ExportColumn<R>>, rows: (scope: Scope, query: Q) => AsyncIterable<R>): void {
    app.post<Body<Q>>(path, { schema: { body: schema }, config: { authority } }, async (request, reply) =>
      // rows() validates the filters at once, so a bad filter still answers 4000 before the download.
      sendXlsx(reply, name, name, columns, rows(scope(request), request.body as Q)),
    );
  }

  // ---- workshops ----
  app.get<Query<WorkshopListQuery>>(P.workshopList, { schema: { querystring: WorkshopListQuery }, ...read }, async (request) =>
    ok('result', await services.workshops.list(scope(request), request.query)),
  );
  app.get<Params<IdParams>>('/dps-server/workshop/detail/:id', { schema: { params: IdParams }, ...read }, async (request) =>
    ok('result', await services.workshops.detail(scope(request), request.params.id)),
  );
  writes({
    create: P.workshopCreate,
    update: P.workshopUpdate,
    deleteBatch: P.workshopDeleteBatch,
    schemas: { create: CreateWorkshopRequest, update: UpdateWorkshopRequest },
    authorities: { add: A.workshopAdd, edit: A.workshopEdit, delete: A.workshopDelete },
    service: services.workshops,
  });

  // ---- device types ----
  app.get<Query<DeviceTypeTreeQuery>>(P.deviceTypeTree, { schema: { querystring: DeviceTypeTreeQuery }, ...read }, async (request) =>
    ok('result', await services.deviceTypes.tree(scope(request), request.query.withDevices ?? false)),
  );
  writes({
    create: P.deviceTypeCreate,
    update: P.deviceTypeUpdate,
    deleteBatch: P.deviceTypeDeleteBatch,
    schemas: { create: CreateDeviceTypeRequest, update: UpdateDeviceTypeRequest },
    authorities: { add: A.machineTypeAdd, edit: A.machineTypeEdit, delete: A.machineTypeDelete },
    service: services.deviceTypes,
  });

  // ---- devices ----
  app.get<Query<DeviceListQuery>>(P.deviceList, { schema: { querystring: DeviceListQuery }, ...read }, async (request) =>
    ok('result', await services.devices.list(scope(request), request.query)),
  );
  app.get<Params<IdParams>>('/dps-server/device/detail/:id', { schema: { params: IdParams }, ...read }, async (request) =>
    ok('result', await services.devices.detail(scope(request), request.params.id)),
  );
  app.get<Query<DeviceSpeedQuery>>(P.deviceSpeedList, { schema: { querystring: DeviceSpeedQuery }, ...read }, async (request) =>
    ok('result', await services.devices.speeds(scope(request), request.query.processId)),
  );
  writes({
    create: P.deviceCreate,
    update: P.deviceUpdate,
    deleteBatch: P.deviceDeleteBatch,
    schemas: { create: CreateDeviceRequest, update: UpdateDeviceRequest },
    authorities: { add: A.deviceAdd, edit: A.deviceEdit, delete: A.deviceDelete },
    service: services.devices,
  });
  app.post<Body<ImportRequest>>(P.deviceImport, { schema: { body: ImportRequest }, config: { authority: A.deviceImport } }, async (request) => {
    const file = await files.find(scope(request), request.body.url);
    return ok('result', await services.devices.import(scope(request), file.absolutePath, operationContext(request)));
  });
  template(P.deviceImportTemplate, A.deviceImport, '设备导入模板', DEVICE_IMPORT_COLUMNS);
  exporter(P.deviceExport, DeviceListQuery, A.deviceExport, DEVICE_EXPORT_NAME, DEVICE_EXPORT_COLUMNS, (s, query: DeviceListQuery) =>
    services.devices.rows(s, query),
  );

  // ---- process groups and processes ----
  app.get<Query<ProcessGroupListQuery>>(P.processGroupList, { schema: { querystring: ProcessGroupListQuery }, ...read }, async (request) =>
    ok('result', await services.processes.listGroups(scope(request), request.query)),
  );
  writes({
    create: P.processGroupCreate,
    update: P.processGroupUpdate,
    deleteBatch: P.processGroupDeleteBatch,
    schemas: { create: CreateProcessGroupRequest, update: UpdateProcessGroupRequest },
    authorities: { add: A.groupAdd, edit: A.groupEdit, delete: A.groupDelete },
    service: {
      create: (s, request: CreateProcessGroupRequest, context) => services.processes.createGroup(s, request, context),
      update: (s, request: UpdateProcessGroupRequest, context) => services.processes.updateGroup(s, request, context),
      deleteBatch: (s, ids, context) => services.processes.deleteGroups(s, ids, context),
    },
  });
  app.get<Query<ProcessListQuery>>(P.processList, { schema: { querystring: ProcessListQuery }, ...read }, async (request) =>
    ok('result', await services.processes.list(scope(request), request.query)),
  );
  app.get<Params<IdParams>>('/dps-server/process/detail/:id', { schema: { params: IdParams }, ...read }, async (request) =>
    ok('result', await services.processes.detail(scope(request), request.params.id)),
  );
  writes({
    create: P.processCreate,
    update: P.processUpdate,
    deleteBatch: P.processDeleteBatch,
    schemas: { create: CreateProcessRequest, update: UpdateProcessRequest },
    authorities: { add: A.processAdd, edit: A.processEdit, delete: A.processDelete },
    service: services.processes,
  });

  // ---- process flows ----
  app.get<Query<WorkFlowListQuery>>(P.workFlowList, { schema: { querystring: WorkFlowListQuery }, ...read }, async (request) =>
    ok('result', await services.workFlows.list(scope(request), request.query)),
  );
  app.get(P.workFlowMap, read, async (request) => ok('result', await services.workFlows.map(scope(request))));
  app.get<Params<IdParams>>('/dps-server/work_flow/detail/:id', { schema: { params: IdParams }, ...read }, async (request) =>
    ok('result', await services.workFlows.detail(scope(request), request.params.id)),
  );
  writes({
    create: P.workFlowCreate,
    update: P.workFlowUpdate,
    deleteBatch: P.workFlowDeleteBatch,
    schemas: { create: CreateWorkFlowRequest, update: UpdateWorkFlowRequest },
    authorities: { add: A.workFlowAdd, edit: A.workFlowEdit, delete: A.workFlowDelete },
    service: services.workFlows,
  });

  // ---- product classify tree and products ----
  app.get(P.productClassifyTree, read, async (request) => ok('result', await services.products.classifyTree(scope(request))));
  writes({
    create: P.productClassifyCreate,
    update: P.productClassifyUpdate,
    deleteBatch: P.productClassifyDeleteBatch,
    schemas: { create: CreateProductClassifyRequest, update: UpdateProductClassifyRequest },
    authorities: { add: A.classifyAdd, edit: A.classifyEdit, delete: A.classifyDelete },
    service: {
      create: (s, request: CreateProductClassifyRequest, context) => services.products.createClassify(s, request, context),
      update: (s, request: UpdateProductClassifyRequest, context) => services.products.updateClassify(s, request, context),
      deleteBatch: (s, ids, context) => services.products.deleteClassifies(s, ids, context),
    },
  });
  app.get<Query<ProductListQuery>>(P.productList, { schema: { querystring: ProductListQuery }, ...read }, async (request) =>
    ok('result', await services.products.list(scope(request), request.query)),
  );
  app.get<Params<IdParams>>('/dps-server/product/detail/:id', { schema: { params: IdParams }, ...read }, async (request) =>
    ok('result', await services.products.detail(scope(request), request.params.id)),
  );
  writes({
    create: P.productCreate,
    update: P.productUpdate,
    deleteBatch: P.productDeleteBatch,
    schemas: { create: CreateProductRequest, update: UpdateProductRequest },
    authorities: { add: A.productAdd, edit: A.productEdit, delete: A.productDelete },
    service: services.products,
  });
  app.post<Body<ImportRequest>>(P.productImport, { schema: { body: ImportRequest }, config: { authority: A.productImport } }, async (request) => {
    const file = await files.find(scope(request), request.body.url);
    return ok('result', await services.products.import(scope(request), file.absolutePath, operationContext(request)));
  });
  template(P.productImportTemplate, A.productImport, '产品导入模板', PRODUCT_IMPORT_COLUMNS);
  exporter(P.productExport, ProductListQuery, A.productExport, PRODUCT_EXPORT_NAME, PRODUCT_EXPORT_COLUMNS, (s, query: ProductListQuery) =>
    services.products.rows(s, query),
  );
}
