import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ModelingAuthorities as A } from '../../access/authorities/modeling';
import { Id, IdParams, MultiFilter, OptionalId, OptionalText, OverReportPercent, PageFields, PageResult, Remark, ShortText, Sort, Stamps, TextFilter, titled, updateOf } from '../common';
import { crudEndpoints, FILE, get, pathsOf, post } from '../endpoint';
import { importEndpoints } from '../files';

/** Board flutes (DOMAIN.md): single wall A, B, C, E, F; double wall BC, BE, AB. */
export const FLUTES = ['A', 'B', 'C', 'E', 'F', 'AB', 'BC', 'BE'] as const;
export type Flute = (typeof FLUTES)[number];

/** The most rows one product import may carry. */
export const PRODUCT_IMPORT_MAX_ROWS = 10_000;

// ---- workshops -------------------------------------------------------------------------------

export const WorkshopListQuery = Type.Object({ ...PageFields, workshopName: TextFilter('车间名称'), workshopCode: TextFilter('车间编码') });
export type WorkshopListQuery = Static<typeof WorkshopListQuery>;

export const Workshop = Type.Object({
  id: Type.Integer(),
  workshopName: Type.String(),
  workshopCode: Type.String(),
  remark: Type.String(),
  sort: Type.Integer(),
  deviceCount: Type.Integer(),
  ...Stamps,
});
export type Workshop = Static<typeof Workshop>;

const WorkshopFields = {
  workshopName: ShortText('车间名称'),
  workshopCode: OptionalText('车间编码', 20),
  remark: Remark(),
  sort: Sort(),
};
export const CreateWorkshopRequest = Type.Object(WorkshopFields);
export type CreateWorkshopRequest = Static<typeof CreateWorkshopRequest>;
export const UpdateWorkshopRequest = updateOf(WorkshopFields);
export type UpdateWorkshopRequest = Static<typeof UpdateWorkshopRequest>;

// ---- device types (spec §3 multistage tree) ---------------------------------------------------

export interface DeviceTypeNode {
  /** Type id, or the device id when isDeviceFlag. */
  id: number;
  /** Type code, or the device no when isDeviceFlag. */
  machineType: string;
  machineTypeName: string;
  parentId: number | null;
  isDeviceFlag: boolean;
  nextLevelDeviceMultistageTree: DeviceTypeNode[];
}
export const DeviceTypeNode: TSchema = Type.Recursive((self) =>
  Type.Object({
    id: Type.Integer(),
    machineType: Type.String(),
    machineTypeName: Type.String(),
    parentId: Type.Union([Type.Integer(), Type.Null()]),
    isDeviceFlag: Type.Boolean(),
    nextLevelDeviceMultistageTree: Type.Array(self),
  }),
);

export const DeviceTypeTreeQuery = Type.Object({ withDevices: Type.Optional(Type.Boolean({ title: '是否包含设备' })) });
export type DeviceTypeTreeQuery = Static<typeof DeviceTypeTreeQuery>;

const DeviceTypeFields = {
  machineType: Type.String({ title: '类型编码', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  machineTypeName: ShortText('类型名称'),
  parentId: OptionalId('上级类型'),
  sort: Sort(),
};
export const CreateDeviceTypeRequest = Type.Object(DeviceTypeFields);
export type CreateDeviceTypeRequest = Static<typeof CreateDeviceTypeRequest>;
export const UpdateDeviceTypeRequest = updateOf(DeviceTypeFields);
export type UpdateDeviceTypeRequest = Static<typeof UpdateDeviceTypeRequest>;

// ---- devices -------------------------------------------------------------------------------------

/** Spec §4 device status: 1 idle … 6 not online. */
export const DeviceStatusSchema = Type.Integer({ minimum: 1, maximum: 6 });

export const DeviceListQuery = Type.Object({
  ...PageFields,
  deviceNo: TextFilter('设备编号'),
  deviceName: TextFilter('设备名称'),
  brand: TextFilter('品牌'),
  model: TextFilter('型号'),
  deviceTypeId: MultiFilter('设备类型'),
  workshopId: MultiFilter('车间'),
  deviceUse: MultiFilter('设备用途'),
  status: MultiFilter('状态'),
});
export type DeviceListQuery = Static<typeof DeviceListQuery>;

export const DeviceSpeed = Type.Object({
  processId: titled(Id, '工序'),
  /** Theoretical speed in `unit` (e.g. 张/小时, 米/分钟). */
  speed: Type.Number({ title: '理论速度', exclusiveMinimum: 0, maximum: 10_000_000 }),
  unit: ShortText('单位', 10),
});
export type DeviceSpeed = Static<typeof DeviceSpeed>;
export const DeviceSpeedView = Type.Composite([DeviceSpeed, Type.Object({ processName: Type.String() })]);
export type DeviceSpeedView = Static<typeof DeviceSpeedView>;

export const SparePart = Type.Object({
  partNo: OptionalText('备件编号', 30),
  partName: ShortText('备件名称', 30),
  spec: OptionalText('规格', 50),
  quantity: Type.Optional(Type.Integer({ title: '数量', minimum: 0, maximum: 1_000_000 })),
  unit: OptionalText('单位', 10),
  remark: Remark(),
});
export type SparePart = Static<typeof SparePart>;
export const SparePartView = Type.Object({
  id: Type.Integer(),
  partNo: Type.String(),
  partName: Type.String(),
  spec: Type.String(),
  quantity: Type.Integer(),
  unit: Type.String(),
  remark: Type.String(),
});
export type SparePartView = Static<typeof SparePartView>;

export const DeviceSpeedQuery = Type.Object({ processId: MultiFilter('工序') });
export type DeviceSpeedQuery = Static<typeof DeviceSpeedQuery>;
export const DeviceSpeedEntry = Type.Object({
  deviceId: Type.Integer(),
  deviceNo: Type.String(),
  deviceName: Type.String(),
  workshopName: Type.String(),
  status: Type.Integer(),
  processId: Type.Integer(),
  processName: Type.String(),
  speed: Type.Number(),
  unit: Type.String(),
});
export type DeviceSpeedEntry = Static<typeof DeviceSpeedEntry>;

export const Device = Type.Object({
  id: Type.Integer(),
  deviceNo: Type.String(),
  deviceName: Type.String(),
  deviceTypeId: Type.Union([Type.Integer(), Type.Null()]),
  deviceTypeName: Type.String(),
  workshopId: Type.Union([Type.Integer(), Type.Null()]),
  workshopName: Type.String(),
  deviceUse: Type.Integer(),
  brand: Type.String(),
  model: Type.String(),
  status: Type.Integer(),
  pictures: Type.Array(Type.String()),
  remark: Type.String(),
  ...Stamps,
});
export type Device = Static<typeof Device>;

export const DeviceDetail = Type.Composite([
  Device,
  Type.Object({ speeds: Type.Array(DeviceSpeedView), spareParts: Type.Array(SparePartView) }),
]);
export type DeviceDetail = Static<typeof DeviceDetail>;

const DeviceFields = {
  deviceNo: Type.String({ title: '设备编号', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  deviceName: ShortText('设备名称', 30),
  deviceTypeId: OptionalId('设备类型'),
  workshopId: OptionalId('车间'),
  deviceUse: Type.Optional(Type.Integer({ title: '设备用途', minimum: 1, maximum: 9 })),
  brand: OptionalText('品牌', 30),
  model: OptionalText('型号', 30),
  status: Type.Optional(titled(DeviceStatusSchema, '设备状态')),
  pictures: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { title: '设备图片', maxItems: 4 })),
  speeds: Type.Optional(Type.Array(DeviceSpeed, { title: '理论速度', maxItems: 50 })),
  spareParts: Type.Optional(Type.Array(SparePart, { title: '备品备件', maxItems: 200 })),
  remark: Remark(),
};
export const CreateDeviceRequest = Type.Object(DeviceFields);
export type CreateDeviceRequest = Static<typeof CreateDeviceRequest>;
/** Pictures, speeds and spare parts present are replaced as a whole; absent ones are kept. */
export const UpdateDeviceRequest = updateOf(DeviceFields);
export type UpdateDeviceRequest = Static<typeof UpdateDeviceRequest>;

// ---- process groups and processes ---------------------------------------------------------------

export const ProcessGroupListQuery = Type.Object({ ...PageFields, groupName: TextFilter('工序组名称') });
export type ProcessGroupListQuery = Static<typeof ProcessGroupListQuery>;
export const ProcessGroup = Type.Object({
  id: Type.Integer(),
  groupName: Type.String(),
  remark: Type.String(),
  sort: Type.Integer(),
  processCount: Type.Integer(),
  ...Stamps,
});
export type ProcessGroup = Static<typeof ProcessGroup>;
const ProcessGroupFields = { groupName: ShortText('工序组名称'), remark: Remark(), sort: Sort() };
export const CreateProcessGroupRequest = Type.Object(ProcessGroupFields);
export type CreateProcessGroupRequest = Static<typeof CreateProcessGroupRequest>;
export const UpdateProcessGroupRequest = updateOf(ProcessGroupFields);
export type UpdateProcessGroupRequest = Static<typeof UpdateProcessGroupRequest>;

export const ProcessListQuery = Type.Object({ ...PageFields, processCode: TextFilter('工序编码'), processName: TextFilter('工序名称'), processGroupId: MultiFilter('工序组') });
export type ProcessListQuery = Static<typeof ProcessListQuery>;

export const Process = Type.Object({
  id: Type.Integer(),
  processCode: Type.String(),
  processName: Type.String(),
  processGroupId: Type.Union([Type.Integer(), Type.Null()]),
  processGroupName: Type.String(),
  /** Changeover (prepare) time in minutes. */
  prepareMinutes: Type.Integer(),
  /** Quantity config: the unit reported and how far a report may exceed the planned quantity. */
  quantityUnit: Type.String(),
  overReportPercent: Type.Number(),
  /** Waste config: sheets lost setting up a run, and the share lost while running (order planning adds both). */
  setupWasteQty: Type.Integer(),
  runningWastePercent: Type.Number(),
  /** Report rules. */
  reportByPrevious: Type.Boolean(),
  requireFirstCheck: Type.Boolean(),
  requireBadReason: Type.Boolean(),
  allowMultiOperator: Type.Boolean(),
  sort: Type.Integer(),
  remark: Type.String(),
  ...Stamps,
});
export type Process = Static<typeof Process>;

const ProcessFields = {
  processCode: Type.String({ title: '工序编码', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  processName: ShortText('工序名称'),
  processGroupId: OptionalId('工序组'),
  prepareMinutes: Type.Optional(Type.Integer({ title: '准备时间（分钟）', minimum: 0, maximum: 1440 })),
  quantityUnit: OptionalText('计量单位', 10),
  overReportPercent: Type.Optional(OverReportPercent),
  setupWasteQty: Type.Optional(Type.Integer({ title: '准备损耗（张）', minimum: 0, maximum: 100_000 })),
  runningWastePercent: Type.Optional(Type.Number({ title: '运行损耗（%）', minimum: 0, maximum: 50, multipleOf: 0.01 })),
  reportByPrevious: Type.Optional(Type.Boolean({ title: '按上道工序报工' })),
  requireFirstCheck: Type.Optional(Type.Boolean({ title: '需要首检' })),
  requireBadReason: Type.Optional(Type.Boolean({ title: '需要填写不良原因' })),
  allowMultiOperator: Type.Optional(Type.Boolean({ title: '允许多人报工' })),
  sort: Sort(),
  remark: Remark(),
};
export const CreateProcessRequest = Type.Object(ProcessFields);
export type CreateProcessRequest = Static<typeof CreateProcessRequest>;
export const UpdateProcessRequest = updateOf(ProcessFields);
export type UpdateProcessRequest = Static<typeof UpdateProcessRequest>;

// ---- process flows (工艺路线) ----------------------------------------------------------------------

export const WorkFlowListQuery = Type.Object({
  ...PageFields,
  flowCode: TextFilter('工艺路线编码'),
  flowName: TextFilter('工艺路线名称'),
  isTemplate: Type.Optional(Type.Boolean({ title: '类型' })),
  /** Dedicated flows of these products. */
  productId: MultiFilter('所属产品'),
  /** Only flows this product may use: templates and its own dedicated flows. */
  usableByProductId: Type.Optional(titled(Id, '产品')),
});
export type WorkFlowListQuery = Static<typeof WorkFlowListQuery>;

export const WorkFlowStep = Type.Object({
  processId: titled(Id, '工序'),
  defaultDeviceId: OptionalId('默认设备'),
  remark: Remark(),
});
export type WorkFlowStep = Static<typeof WorkFlowStep>;
export const WorkFlowStepView = Type.Object({
  seq: Type.Integer(),
  processId: Type.Integer(),
  processName: Type.String(),
  defaultDeviceId: Type.Union([Type.Integer(), Type.Null()]),
  defaultDeviceName: Type.String(),
  remark: Type.String(),
});
export type WorkFlowStepView = Static<typeof WorkFlowStepView>;

export const WorkFlow = Type.Object({
  id: Type.Integer(),
  flowCode: Type.String(),
  flowName: Type.String(),
  /** true: a template any product may use; false: made for one product (productId). */
  isTemplate: Type.Boolean(),
  /** The product a dedicated (产品专用) flow belongs to; null for templates. */
  productId: Type.Union([Type.Integer(), Type.Null()]),
  productNo: Type.String(),
  productName: Type.String(),
  remark: Type.String(),
  /** Process names in order, joined by →. */
  route: Type.String(),
  productCount: Type.Integer(),
  ...Stamps,
});
export type WorkFlow = Static<typeof WorkFlow>;
/** Why a flow cannot be deleted: the server's 4009, and what the console says before it would ask. */
export const workFlowInUseMessage = (flowNames: string, products: number) =>
  `工艺路线「${flowNames}」已被${products}个产品使用，无法删除，请先为这些产品更换工艺路线`;
export const WorkFlowDetail = Type.Composite([WorkFlow, Type.Object({ steps: Type.Array(WorkFlowStepView) })]);
export type WorkFlowDetail = Static<typeof WorkFlowDetail>;

const WorkFlowFields = {
  flowCode: Type.String({ title: '工艺路线编码', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  flowName: ShortText('工艺路线名称', 30),
  isTemplate: Type.Optional(Type.Boolean({ title: '类型' })),
  /** Required when isTemplate is false (产品专用), absent or null for a template. */
  productId: OptionalId('所属产品'),
  remark: Remark(),
  steps: Type.Array(WorkFlowStep, { title: '工序步骤', minItems: 1, maxItems: 30 }),
};
export const CreateWorkFlowRequest = Type.Object(WorkFlowFields);
export type CreateWorkFlowRequest = Static<typeof CreateWorkFlowRequest>;
export const UpdateWorkFlowRequest = updateOf(WorkFlowFields);
export type UpdateWorkFlowRequest = Static<typeof UpdateWorkFlowRequest>;

/** 工序地图: every process of the factory and every flow as its ordered process ids. */
export const WorkFlowMap = Type.Object({
  processes: Type.Array(Type.Object({ id: Type.Integer(), processCode: Type.String(), processName: Type.String() })),
  flows: Type.Array(
    Type.Object({
      id: Type.Integer(),
      flowCode: Type.String(),
      flowName: Type.String(),
      isTemplate: Type.Boolean(),
      productName: Type.String(),
      processIds: Type.Array(Type.Integer()),
    }),
  ),
});
export type WorkFlowMap = Static<typeof WorkFlowMap>;

// ---- product classify tree and products --------------------------------------------------------

export interface ProductClassifyNode {
  id: number;
  classifyName: string;
  parentId: number | null;
  productCount: number;
  children: ProductClassifyNode[];
}
export const ProductClassifyNode: TSchema = Type.Recursive((self) =>
  Type.Object({
    id: Type.Integer(),
    classifyName: Type.String(),
    parentId: Type.Union([Type.Integer(), Type.Null()]),
    productCount: Type.Integer(),
    children: Type.Array(self),
  }),
);
const ClassifyFields = { classifyName: ShortText('分类名称'), parentId: OptionalId('上级分类'), sort: Sort() };
export const CreateProductClassifyRequest = Type.Object(ClassifyFields);
export type CreateProductClassifyRequest = Static<typeof CreateProductClassifyRequest>;
export const UpdateProductClassifyRequest = updateOf(ClassifyFields);
export type UpdateProductClassifyRequest = Static<typeof UpdateProductClassifyRequest>;

export const ProductListQuery = Type.Object({
  ...PageFields,
  productNo: TextFilter('产品编号'),
  productName: TextFilter('产品名称'),
  customerName: TextFilter('客户'),
  boardCode: TextFilter('纸板编码'),
  classifyId: MultiFilter('产品分类'),
  flute: Type.Optional(Type.String({ title: '楞型', maxLength: 100 })),
  boxStyle: Type.Optional(Type.String({ title: '箱型', maxLength: 100 })),
  processFlowId: MultiFilter('工艺路线'),
});
export type ProductListQuery = Static<typeof ProductListQuery>;

export const Product = Type.Object({
  id: Type.Integer(),
  productNo: Type.String(),
  productName: Type.String(),
  customerName: Type.String(),
  classifyId: Type.Union([Type.Integer(), Type.Null()]),
  classifyName: Type.String(),
  /** FEFCO code, e.g. 0201 (regular slotted carton). */
  boxStyle: Type.String(),
  /** Inner dimensions in mm. */
  lengthMm: Type.Integer(),
  widthMm: Type.Integer(),
  heightMm: Type.Integer(),
  boardCode: Type.String(),
  flute: Type.String(),
  colors: Type.Integer(),
  /** The product's own allowance per score (mm); null: the flute's (sheet-size.ts). */
  scoreAllowanceMm: Type.Union([Type.Integer(), Type.Null()]),
  processFlowId: Type.Union([Type.Integer(), Type.Null()]),
  processFlowName: Type.String(),
  remark: Type.String(),
  ...Stamps,
});
export type Product = Static<typeof Product>;

const Dimension = Type.Integer({ minimum: 1, maximum: 10_000 });
const ProductFields = {
  productNo: Type.String({ title: '产品编号', minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9_.-]+$' }),
  productName: ShortText('产品名称', 50),
  customerName: OptionalText('客户', 50),
  classifyId: OptionalId('产品分类'),
  boxStyle: Type.Optional(Type.String({ title: '箱型', maxLength: 4, pattern: '^(\\d{4})?$' })),
  lengthMm: titled(Dimension, '内长（mm）'),
  widthMm: titled(Dimension, '内宽（mm）'),
  heightMm: Type.Integer({ title: '内高（mm）', minimum: 0, maximum: 10_000 }),
  boardCode: OptionalText('纸板编码', 30),
  flute: Type.Optional(Type.Union([...FLUTES.map((flute) => Type.Literal(flute)), Type.Literal('')], { title: '楞型' })),
  colors: Type.Optional(Type.Integer({ title: '印刷颜色数', minimum: 0, maximum: 8 })),
  scoreAllowanceMm: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 30 }), Type.Null()], { title: '压线加放（mm）' })),
  processFlowId: OptionalId('工艺路线'),
  remark: Remark(),
};
export const CreateProductRequest = Type.Object(ProductFields);
export type CreateProductRequest = Static<typeof CreateProductRequest>;
export const UpdateProductRequest = updateOf(ProductFields);
export type UpdateProductRequest = Static<typeof UpdateProductRequest>;

// ---- endpoints (spec §7 "Basic data", DECISIONS.md "Paths") -----------------------------------
// Workshops, the device-type tree, devices, process groups, processes, process flows (work_flow),
// the product classify tree and products. Reads need the page (MENU_SYS_MODELING), writes their button.

const read = { authority: A.page } as const;

export const ModelingApi = {
  workshopList: get('/dps-server/workshop/list', { query: WorkshopListQuery, response: PageResult(Workshop), ...read }),
  workshopDetail: get('/dps-server/workshop/detail/:id', { params: IdParams, response: Workshop, ...read }),
  ...crudEndpoints('workshop', '/dps-server/workshop', CreateWorkshopRequest, UpdateWorkshopRequest, { add: A.workshopAdd, edit: A.workshopEdit, remove: A.workshopDelete }),

  /** GET; `withDevices=true` adds devices as leaves (isDeviceFlag true). */
  deviceTypeTree: get('/dps-server/device_type/tree', { query: DeviceTypeTreeQuery, response: Type.Array(DeviceTypeNode), ...read }),
  ...crudEndpoints('deviceType', '/dps-server/device_type', CreateDeviceTypeRequest, UpdateDeviceTypeRequest, { add: A.machineTypeAdd, edit: A.machineTypeEdit, remove: A.machineTypeDelete }),

  deviceList: get('/dps-server/device/list', { query: DeviceListQuery, response: PageResult(Device), ...read }),
  deviceDetail: get('/dps-server/device/detail/:id', { params: IdParams, response: DeviceDetail, ...read }),
  ...crudEndpoints('device', '/dps-server/device', CreateDeviceRequest, UpdateDeviceRequest, { add: A.deviceAdd, edit: A.deviceEdit, remove: A.deviceDelete }),
  ...importEndpoints('device', '/dps-server/device', A.deviceImport),
  deviceExport: post('/dps-server/device/export', { body: DeviceListQuery, response: FILE, authority: A.deviceExport }),
  /** GET ?processId=: devices that can run a process, with their theoretical speed (for scheduling). */
  deviceSpeedList: get('/dps-server/device/theoretical_speed/list', { query: DeviceSpeedQuery, response: Type.Array(DeviceSpeedEntry), ...read }),

  processGroupList: get('/dps-server/process_group/list', { query: ProcessGroupListQuery, response: PageResult(ProcessGroup), ...read }),
  ...crudEndpoints('processGroup', '/dps-server/process_group', CreateProcessGroupRequest, UpdateProcessGroupRequest, { add: A.groupAdd, edit: A.groupEdit, remove: A.groupDelete }),

  processList: get('/dps-server/process/list', { query: ProcessListQuery, response: PageResult(Process), ...read }),
  processDetail: get('/dps-server/process/detail/:id', { params: IdParams, response: Process, ...read }),
  ...crudEndpoints('process', '/dps-server/process', CreateProcessRequest, UpdateProcessRequest, { add: A.processAdd, edit: A.processEdit, remove: A.processDelete }),

  workFlowList: get('/dps-server/work_flow/list', { query: WorkFlowListQuery, response: PageResult(WorkFlow), ...read }),
  workFlowDetail: get('/dps-server/work_flow/detail/:id', { params: IdParams, response: WorkFlowDetail, ...read }),
  ...crudEndpoints('workFlow', '/dps-server/work_flow', CreateWorkFlowRequest, UpdateWorkFlowRequest, { add: A.workFlowAdd, edit: A.workFlowEdit, remove: A.workFlowDelete }),
  /** GET: every process and every flow with its ordered process ids (工序地图). */
  workFlowMap: get('/dps-server/work_flow/map', { response: WorkFlowMap, ...read }),

  productClassifyTree: get('/dps-server/product_classify/tree', { response: Type.Array(ProductClassifyNode), ...read }),
  ...crudEndpoints('productClassify', '/dps-server/product_classify', CreateProductClassifyRequest, UpdateProductClassifyRequest, { add: A.classifyAdd, edit: A.classifyEdit, remove: A.classifyDelete }),

  productList: get('/dps-server/product/list', { query: ProductListQuery, response: PageResult(Product), ...read }),
  productDetail: get('/dps-server/product/detail/:id', { params: IdParams, response: Product, ...read }),
  ...crudEndpoints('product', '/dps-server/product', CreateProductRequest, UpdateProductRequest, { add: A.productAdd, edit: A.productEdit, remove: A.productDelete }),
  /** Spec §9: the console waits up to 600 s for this one. */
  ...importEndpoints('product', '/dps-server/product', A.productImport),
  productExport: post('/dps-server/product/export', { body: ProductListQuery, response: FILE, authority: A.productExport }),
};
export const ModelingPaths = pathsOf(ModelingApi);
