import { IdParams } from '@core/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { registerCrudRoutes } from '../../lib/legacy-routes';
import { registerExportRoute, registerImportRoutes, type StoredFiles } from '../../lib/legacy-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { DEVICE_EXPORT_COLUMNS, DEVICE_IMPORT_COLUMNS, DeviceService } from './device.service';
import { DeviceTypeService } from './device-type.service';
import { ProcessService } from './process.service';
import { WorkFlowService } from './process-flow.service';
import { PRODUCT_EXPORT_COLUMNS, PRODUCT_IMPORT_COLUMNS, ProductService } from './product.service';
import { WorkshopService } from './workshop.service';
import { ModelingAuthorities } from '@core/access/authorities/modeling';

const A = ModelingAuthorities;

const DEVICE_EXPORT_NAME = '设备列表';
const PRODUCT_EXPORT_NAME = '产品档案';

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

export async function modelingRoutes(app: FastifyInstance, { services, files }: { services: ModelingServices; files: StoredFiles }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));
  const read = { config: { authority: A.page } };

  // ---- workshops ----
  app.get<Query<WorkshopListQuery>>(P.workshopList, { schema: { querystring: WorkshopListQuery }, ...read }, async (request) =>
    ok('result', await services.workshops.list(scope(request), request.query)),
  );
  app.get<Params<IdParams>>('/dps-server/workshop/detail/:id', { schema: { params: IdParams }, ...read }, async (request) =>
    ok('result', await services.workshops.detail(scope(request), request.params.id)),
  );
  registerCrudRoutes(app, {
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
  registerCrudRoutes(app, {
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
  registerCrudRoutes(app, {
    create: P.deviceCreate,
    update: P.deviceUpdate,
    deleteBatch: P.deviceDeleteBatch,
    schemas: { create: CreateDeviceRequest, update: UpdateDeviceRequest },
    authorities: { add: A.deviceAdd, edit: A.deviceEdit, delete: A.deviceDelete },
    service: services.devices,
  });
  registerImportRoutes(app, {
    path: P.deviceImport,
    templatePath: P.deviceImportTemplate,
    templateName: '设备导入模板',
    authority: A.deviceImport,
    columns: DEVICE_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => services.devices.import(s, path, context),
  });
  registerExportRoute(app, {
    path: P.deviceExport,
    schema: DeviceListQuery,
    authority: A.deviceExport,
    name: DEVICE_EXPORT_NAME,
    columns: DEVICE_EXPORT_COLUMNS,
    rows: (s, query: DeviceListQuery) => services.devices.rows(s, query),
  });

  // ---- process groups and processes ----
  app.get<Query<ProcessGroupListQuery>>(P.processGroupList, { schema: { querystring: ProcessGroupListQuery }, ...read }, async (request) =>
    ok('result', await services.processes.listGroups(scope(request), request.query)),
  );
  registerCrudRoutes(app, {
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
  registerCrudRoutes(app, {
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
  registerCrudRoutes(app, {
    create: P.workFlowCreate,
    update: P.workFlowUpdate,
    deleteBatch: P.workFlowDeleteBatch,
    schemas: { create: CreateWorkFlowRequest, update: UpdateWorkFlowRequest },
    authorities: { add: A.workFlowAdd, edit: A.workFlowEdit, delete: A.workFlowDelete },
    service: services.workFlows,
  });

  // ---- product classify tree and products ----
  app.get(P.productClassifyTree, read, async (request) => ok('result', await services.products.classifyTree(scope(request))));
  registerCrudRoutes(app, {
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
  registerCrudRoutes(app, {
    create: P.productCreate,
    update: P.productUpdate,
    deleteBatch: P.productDeleteBatch,
    schemas: { create: CreateProductRequest, update: UpdateProductRequest },
    authorities: { add: A.productAdd, edit: A.productEdit, delete: A.productDelete },
    service: services.products,
  });
  registerImportRoutes(app, {
    path: P.productImport,
    templatePath: P.productImportTemplate,
    templateName: '产品导入模板',
    authority: A.productImport,
    columns: PRODUCT_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => services.products.import(s, path, context),
  });
  registerExportRoute(app, {
    path: P.productExport,
    schema: ProductListQuery,
    authority: A.productExport,
    name: PRODUCT_EXPORT_NAME,
    columns: PRODUCT_EXPORT_COLUMNS,
    rows: (s, query: ProductListQuery) => services.products.rows(s, query),
  });
}
