import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Id, OverReportPercent } from './common';

/**
 * Master-data paths of /modeling (spec §7 "Basic data", DECISIONS.md "Paths"): workshops, the
 * device-type tree, devices, process groups, processes, process flows (work_flow), the product
 * classify tree and products.
 */
export const ModelingPaths = {
  workshopList: '/dps-server/workshop/list',
  workshopDetail: (id: number | string) => `/dps-server/workshop/detail/${id}`,
  workshopCreate: '/dps-server/workshop/create',
  workshopUpdate: '/dps-server/workshop/update',
  workshopDeleteBatch: '/dps-server/workshop/delete_batch',

  /** GET; `withDevices=true` adds devices as leaves (isDeviceFlag true). */
  deviceTypeTree: '/dps-server/device_type/tree',
  deviceTypeCreate: '/dps-server/device_type/create',
  deviceTypeUpdate: '/dps-server/device_type/update',
  deviceTypeDeleteBatch: '/dps-server/device_type/delete_batch',

  deviceList: '/dps-server/device/list',
  deviceDetail: (id: number | string) => `/dps-server/device/detail/${id}`,
  deviceCreate: '/dps-server/device/create',
  deviceUpdate: '/dps-server/device/update',
  deviceDeleteBatch: '/dps-server/device/delete_batch',
  deviceImport: '/dps-server/device/import',
  deviceImportTemplate: '/dps-server/device/import_template',
  deviceExport: '/dps-server/device/export',
  /** GET ?processId=: devices that can run a process, with their theoretical speed (for scheduling). */
  deviceSpeedList: '/dps-server/device/theoretical_speed/list',

  processGroupList: '/dps-server/process_group/list',
  processGroupCreate: '/dps-server/process_group/create',
  processGroupUpdate: '/dps-server/process_group/update',
  processGroupDeleteBatch: '/dps-server/process_group/delete_batch',

  processList: '/dps-server/process/list',
  processDetail: (id: number | string) => `/dps-server/process/detail/${id}`,
  processCreate: '/dps-server/process/create',
  processUpdate: '/dps-server/process/update',
  processDeleteBatch: '/dps-server/process/delete_batch',

  workFlowList: '/dps-server/work_flow/list',
  workFlowDetail: (id: number | string) => `/dps-server/work_flow/detail/${id}`,
  workFlowCreate: '/dps-server/work_flow/create',
  workFlowUpdate: '/dps-server/work_flow/update',
  workFlowDeleteBatch: '/dps-server/work_flow/delete_batch',
  /** GET: every process and every flow with its ordered process ids (工序地图). */
  workFlowMap: '/dps-server/work_flow/map',

  productClassifyTree: '/dps-server/product_classify/tree',
  productClassifyCreate: '/dps-server/product_classify/create',
  productClassifyUpdate: '/dps-server/product_classify/update',
  productClassifyDeleteBatch: '/dps-server/product_classify/delete_batch',

  productList: '/dps-server/product/list',
  productDetail: (id: number | string) => `/dps-server/product/detail/${id}`,
  productCreate: '/dps-server/product/create',
  productUpdate: '/dps-server/product/update',
  productDeleteBatch: '/dps-server/product/delete_batch',
  /** Spec §9: the console waits up to 600 s for this one. */
  productImport: '/dps-server/product/import',
  productImportTemplate: '/dps-server/product/import_template',
  productExport: '/dps-server/product/export',
} as const;

/** Board flutes (DOMAIN.md): single wall A, B, C, E, F; double wall BC, BE, AB. */
export const FLUTES = ['A', 'B', 'C', 'E', 'F', 'AB', 'BC', 'BE'] as const;
export type Flute = (typeof FLUTES)[number];

/** The most rows one product import may carry. */
export const PRODUCT_IMPORT_MAX_ROWS = 10_000;

const OptionalId = Type.Optional(Type.Union([Id, Type.Null()]));
const ShortText = (maxLength = 20) => Type.String({ minLength: 1, maxLength });
const OptionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
const Remark = OptionalText(200);
const PageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  sort: Type.Optional(Type.String({ maxLength: 50 })),
};
const Text = Type.Optional(Type.String({ maxLength: 100 }));
/** A multi-value filter: comma-joined text (spec §7), one number, or repeated numbers. */
const Multi = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer(), Type.Array(Type.Integer())]));
const Stamps = { createTime: Type.String(), updateTime: Type.String() };

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

export const DeleteBatchRequest = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true }) });
export type DeleteBatchRequest = Static<typeof DeleteBatchRequest>;

export const DeleteBatchResult = Type.Object({ deleted: Type.Integer() });
export type DeleteBatchResult = Static<typeof DeleteBatchResult>;

export const CreatedResult = Type.Object({ id: Type.Integer() });
export type CreatedResult = Static<typeof CreatedResult>;

// ---- workshops -------------------------------------------------------------------------------

export const WorkshopListQuery = Type.Object({ ...PageFields, workshopName: Text, workshopCode: Text });
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
  workshopName: ShortText(),
  workshopCode: OptionalText(20),
  remark: Remark,
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
};
export const CreateWorkshopRequest = Type.Object(WorkshopFields);
export type CreateWorkshopRequest = Static<typeof CreateWorkshopRequest>;
export const UpdateWorkshopRequest = Type.Object({ id: Id, ...WorkshopFields });
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

export const DeviceTypeTreeQuery = Type.Object({ withDevices: Type.Optional(Type.Boolean()) });
export type DeviceTypeTreeQuery = Static<typeof DeviceTypeTreeQuery>;

const DeviceTypeFields = {
  machineType: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  machineTypeName: ShortText(),
  parentId: OptionalId,
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
};
export const CreateDeviceTypeRequest = Type.Object(DeviceTypeFields);
export type CreateDeviceTypeRequest = Static<typeof CreateDeviceTypeRequest>;
export const UpdateDeviceTypeRequest = Type.Object({ id: Id, ...DeviceTypeFields });
export type UpdateDeviceTypeRequest = Static<typeof UpdateDeviceTypeRequest>;

// ---- devices -------------------------------------------------------------------------------------

/** Spec §4 device status: 1 idle … 6 not online. */
export const DeviceStatusSchema = Type.Integer({ minimum: 1, maximum: 6 });

export const DeviceListQuery = Type.Object({
  ...PageFields,
  deviceNo: Text,
  deviceName: Text,
  brand: Text,
  model: Text,
  deviceTypeId: Multi,
  workshopId: Multi,
  deviceUse: Multi,
  status: Multi,
});
export type DeviceListQuery = Static<typeof DeviceListQuery>;

export const DeviceSpeed = Type.Object({
  processId: Id,
  /** Theoretical speed in `unit` (e.g. 张/小时, 米/分钟). */
  speed: Type.Number({ exclusiveMinimum: 0, maximum: 10_000_000 }),
  unit: ShortText(10),
});
export type DeviceSpeed = Static<typeof DeviceSpeed>;
export const DeviceSpeedView = Type.Composite([DeviceSpeed, Type.Object({ processName: Type.String() })]);
export type DeviceSpeedView = Static<typeof DeviceSpeedView>;

export const SparePart = Type.Object({
  partNo: OptionalText(30),
  partName: ShortText(30),
  spec: OptionalText(50),
  quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  unit: OptionalText(10),
  remark: Remark,
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

export const DeviceSpeedQuery = Type.Object({ processId: Multi });
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
  deviceNo: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  deviceName: ShortText(30),
  deviceTypeId: OptionalId,
  workshopId: OptionalId,
  deviceUse: Type.Optional(Type.Integer({ minimum: 1, maximum: 9 })),
  brand: OptionalText(30),
  model: OptionalText(30),
  status: Type.Optional(DeviceStatusSchema),
  pictures: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 4 })),
  speeds: Type.Optional(Type.Array(DeviceSpeed, { maxItems: 50 })),
  spareParts: Type.Optional(Type.Array(SparePart, { maxItems: 200 })),
  remark: Remark,
};
export const CreateDeviceRequest = Type.Object(DeviceFields);
export type CreateDeviceRequest = Static<typeof CreateDeviceRequest>;
/** Pictures, speeds and spare parts present are replaced as a whole; absent ones are kept. */
export const UpdateDeviceRequest = Type.Object({ id: Id, ...DeviceFields });
export type UpdateDeviceRequest = Static<typeof UpdateDeviceRequest>;

// ---- process groups and processes ---------------------------------------------------------------

export const ProcessGroupListQuery = Type.Object({ ...PageFields, groupName: Text });
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
const ProcessGroupFields = { groupName: ShortText(), remark: Remark, sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })) };
export const CreateProcessGroupRequest = Type.Object(ProcessGroupFields);
export type CreateProcessGroupRequest = Static<typeof CreateProcessGroupRequest>;
export const UpdateProcessGroupRequest = Type.Object({ id: Id, ...ProcessGroupFields });
export type UpdateProcessGroupRequest = Static<typeof UpdateProcessGroupRequest>;

export const ProcessListQuery = Type.Object({ ...PageFields, processCode: Text, processName: Text, processGroupId: Multi });
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
  processCode: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  processName: ShortText(),
  processGroupId: OptionalId,
  prepareMinutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 1440 })),
  quantityUnit: OptionalText(10),
  overReportPercent: Type.Optional(OverReportPercent),
  reportByPrevious: Type.Optional(Type.Boolean()),
  requireFirstCheck: Type.Optional(Type.Boolean()),
  requireBadReason: Type.Optional(Type.Boolean()),
  allowMultiOperator: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  remark: Remark,
};
export const CreateProcessRequest = Type.Object(ProcessFields);
export type CreateProcessRequest = Static<typeof CreateProcessRequest>;
export const UpdateProcessRequest = Type.Object({ id: Id, ...ProcessFields });
export type UpdateProcessRequest = Static<typeof UpdateProcessRequest>;

// ---- process flows (工艺路线) ----------------------------------------------------------------------

export const WorkFlowListQuery = Type.Object({
  ...PageFields,
  flowCode: Text,
  flowName: Text,
  isTemplate: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
  /** Dedicated flows of these products. */
  productId: Multi,
  /** Only flows this product may use: templates and its own dedicated flows. */
  usableByProductId: Type.Optional(Id),
});
export type WorkFlowListQuery = Static<typeof WorkFlowListQuery>;

export const WorkFlowStep = Type.Object({
  processId: Id,
  defaultDeviceId: OptionalId,
  remark: Remark,
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
  flowCode: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' }),
  flowName: ShortText(30),
  isTemplate: Type.Optional(Type.Boolean()),
  /** Required when isTemplate is false (产品专用), absent or null for a template. */
  productId: OptionalId,
  remark: Remark,
  steps: Type.Array(WorkFlowStep, { minItems: 1, maxItems: 30 }),
};
export const CreateWorkFlowRequest = Type.Object(WorkFlowFields);
export type CreateWorkFlowRequest = Static<typeof CreateWorkFlowRequest>;
export const UpdateWorkFlowRequest = Type.Object({ id: Id, ...WorkFlowFields });
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
const ClassifyFields = { classifyName: ShortText(), parentId: OptionalId, sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })) };
export const CreateProductClassifyRequest = Type.Object(ClassifyFields);
export type CreateProductClassifyRequest = Static<typeof CreateProductClassifyRequest>;
export const UpdateProductClassifyRequest = Type.Object({ id: Id, ...ClassifyFields });
export type UpdateProductClassifyRequest = Static<typeof UpdateProductClassifyRequest>;

export const ProductListQuery = Type.Object({
  ...PageFields,
  productNo: Text,
  productName: Text,
  customerName: Text,
  boardCode: Text,
  classifyId: Multi,
  flute: Type.Optional(Type.String({ maxLength: 100 })),
  boxStyle: Type.Optional(Type.String({ maxLength: 100 })),
  processFlowId: Multi,
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
  processFlowId: Type.Union([Type.Integer(), Type.Null()]),
  processFlowName: Type.String(),
  remark: Type.String(),
  ...Stamps,
});
export type Product = Static<typeof Product>;

const Dimension = Type.Integer({ minimum: 1, maximum: 10_000 });
const ProductFields = {
  productNo: Type.String({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9_.-]+$' }),
  productName: ShortText(50),
  customerName: OptionalText(50),
  classifyId: OptionalId,
  boxStyle: Type.Optional(Type.String({ maxLength: 4, pattern: '^(\\d{4})?$' })),
  lengthMm: Dimension,
  widthMm: Dimension,
  heightMm: Type.Integer({ minimum: 0, maximum: 10_000 }),
  boardCode: OptionalText(30),
  flute: Type.Optional(Type.Union([...FLUTES.map((flute) => Type.Literal(flute)), Type.Literal('')])),
  colors: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
  processFlowId: OptionalId,
  remark: Remark,
};
export const CreateProductRequest = Type.Object(ProductFields);
export type CreateProductRequest = Static<typeof CreateProductRequest>;
export const UpdateProductRequest = Type.Object({ id: Id, ...ProductFields });
export type UpdateProductRequest = Static<typeof UpdateProductRequest>;

/** Chinese names of the request fields above, for validation messages (4000 names the field). */
export const MODELING_FIELD_LABELS: Record<string, string> = {
  ids: '所选数据',
  workshopName: '车间名称',
  workshopCode: '车间编码',
  sort: '排序',
  machineType: '类型编码',
  machineTypeName: '类型名称',
  withDevices: '是否包含设备',
  deviceNo: '设备编号',
  deviceName: '设备名称',
  deviceTypeId: '设备类型',
  workshopId: '车间',
  deviceUse: '设备用途',
  brand: '品牌',
  model: '型号',
  pictures: '设备图片',
  speeds: '理论速度',
  processId: '工序',
  speed: '理论速度',
  unit: '单位',
  spareParts: '备品备件',
  partNo: '备件编号',
  partName: '备件名称',
  spec: '规格',
  quantity: '数量',
  groupName: '工序组名称',
  processCode: '工序编码',
  processName: '工序名称',
  processGroupId: '工序组',
  prepareMinutes: '准备时间（分钟）',
  quantityUnit: '计量单位',
  overReportPercent: '超报比例',
  reportByPrevious: '按上道工序报工',
  requireFirstCheck: '需要首检',
  requireBadReason: '需要填写不良原因',
  allowMultiOperator: '允许多人报工',
  flowCode: '工艺路线编码',
  flowName: '工艺路线名称',
  isTemplate: '是否模板',
  productId: '所属产品',
  usableByProductId: '产品',
  steps: '工序步骤',
  defaultDeviceId: '默认设备',
  classifyName: '分类名称',
  productNo: '产品编号',
  productName: '产品名称',
  customerName: '客户',
  classifyId: '产品分类',
  boxStyle: '箱型',
  lengthMm: '内长（mm）',
  widthMm: '内宽（mm）',
  heightMm: '内高（mm）',
  boardCode: '纸板编码',
  flute: '楞型',
  colors: '印刷颜色数',
  processFlowId: '工艺路线',
};
