import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ModelingApi as E,
  type CreateProcessGroupRequest,
  type CreateProductClassifyRequest,
  type DeviceListQuery,
  type ProductListQuery,
  type UpdateProcessGroupRequest,
  type UpdateProductClassifyRequest,
} from '@core/contracts/modeling';
import type { Db } from '../../db';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { registerExportRoute, registerImportRoutes, type StoredFiles } from '../../lib/transfer-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { DEVICE_EXPORT_COLUMNS, DEVICE_IMPORT_COLUMNS, DeviceService } from './device.service';
import { DeviceTypeService } from './device-type.service';
import { ProcessService } from './process.service';
import { WorkFlowService } from './process-flow.service';
import { PRODUCT_EXPORT_COLUMNS, PRODUCT_IMPORT_COLUMNS, ProductService } from './product.service';
import { WorkshopService } from './workshop.service';

const DEVICE_EXPORT_NAME = '设备列表';
const PRODUCT_EXPORT_NAME = '产品档案';

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

  // ---- workshops ----
  mount(app, E.workshopList, async (request) => services.workshops.list(scope(request), request.query));
  mount(app, E.workshopDetail, async (request) => services.workshops.detail(scope(request), request.params.id));
  registerCrudRoutes(app, { create: E.workshopCreate, update: E.workshopUpdate, deleteBatch: E.workshopDeleteBatch, service: services.workshops });

  // ---- device types ----
  mount(app, E.deviceTypeTree, async (request) => services.deviceTypes.tree(scope(request), request.query.withDevices ?? false));
  registerCrudRoutes(app, { create: E.deviceTypeCreate, update: E.deviceTypeUpdate, deleteBatch: E.deviceTypeDeleteBatch, service: services.deviceTypes });

  // ---- devices ----
  mount(app, E.deviceList, async (request) => services.devices.list(scope(request), request.query));
  mount(app, E.deviceDetail, async (request) => services.devices.detail(scope(request), request.params.id));
  mount(app, E.deviceSpeedList, async (request) => services.devices.speeds(scope(request), request.query.processId));
  registerCrudRoutes(app, { create: E.deviceCreate, update: E.deviceUpdate, deleteBatch: E.deviceDeleteBatch, service: services.devices });
  registerImportRoutes(app, {
    endpoint: E.deviceImport,
    template: E.deviceImportTemplate,
    templateName: '设备导入模板',
    columns: DEVICE_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => services.devices.import(s, path, context),
  });
  registerExportRoute(app, {
    endpoint: E.deviceExport,
    name: DEVICE_EXPORT_NAME,
    columns: DEVICE_EXPORT_COLUMNS,
    rows: (s, query: DeviceListQuery) => services.devices.rows(s, query),
  });

  // ---- process groups and processes ----
  mount(app, E.processGroupList, async (request) => services.processes.listGroups(scope(request), request.query));
  registerCrudRoutes(app, {
    create: E.processGroupCreate,
    update: E.processGroupUpdate,
    deleteBatch: E.processGroupDeleteBatch,
    service: {
      create: (s, request: CreateProcessGroupRequest, context) => services.processes.createGroup(s, request, context),
      update: (s, request: UpdateProcessGroupRequest, context) => services.processes.updateGroup(s, request, context),
      deleteBatch: (s, ids, context) => services.processes.deleteGroups(s, ids, context),
    },
  });
  mount(app, E.processList, async (request) => services.processes.list(scope(request), request.query));
  mount(app, E.processDetail, async (request) => services.processes.detail(scope(request), request.params.id));
  registerCrudRoutes(app, { create: E.processCreate, update: E.processUpdate, deleteBatch: E.processDeleteBatch, service: services.processes });

  // ---- process flows ----
  mount(app, E.workFlowList, async (request) => services.workFlows.list(scope(request), request.query));
  mount(app, E.workFlowMap, async (request) => services.workFlows.map(scope(request)));
  mount(app, E.workFlowDetail, async (request) => services.workFlows.detail(scope(request), request.params.id));
  registerCrudRoutes(app, { create: E.workFlowCreate, update: E.workFlowUpdate, deleteBatch: E.workFlowDeleteBatch, service: services.workFlows });

  // ---- product classify tree and products ----
  mount(app, E.productClassifyTree, async (request) => services.products.classifyTree(scope(request)));
  registerCrudRoutes(app, {
    create: E.productClassifyCreate,
    update: E.productClassifyUpdate,
    deleteBatch: E.productClassifyDeleteBatch,
    service: {
      create: (s, request: CreateProductClassifyRequest, context) => services.products.createClassify(s, request, context),
      update: (s, request: UpdateProductClassifyRequest, context) => services.products.updateClassify(s, request, context),
      deleteBatch: (s, ids, context) => services.products.deleteClassifies(s, ids, context),
    },
  });
  mount(app, E.productList, async (request) => services.products.list(scope(request), request.query));
  mount(app, E.productDetail, async (request) => services.products.detail(scope(request), request.params.id));
  registerCrudRoutes(app, { create: E.productCreate, update: E.productUpdate, deleteBatch: E.productDeleteBatch, service: services.products });
  registerImportRoutes(app, {
    endpoint: E.productImport,
    template: E.productImportTemplate,
    templateName: '产品导入模板',
    columns: PRODUCT_IMPORT_COLUMNS,
    files,
    run: (s, path, context) => services.products.import(s, path, context),
  });
  registerExportRoute(app, {
    endpoint: E.productExport,
    name: PRODUCT_EXPORT_NAME,
    columns: PRODUCT_EXPORT_COLUMNS,
    rows: (s, query: ProductListQuery) => services.products.rows(s, query),
  });
}
