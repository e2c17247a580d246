import { fieldsOf } from '@app/components/form-dialog';
import {
  CreateDeviceRequest,
  CreateDeviceTypeRequest,
  CreateProcessGroupRequest,
  CreateProcessRequest,
  CreateProductClassifyRequest,
  CreateProductRequest,
  CreateWorkFlowRequest,
  CreateWorkshopRequest,
  CreatePositionRequest,
  CreateTeamRequest,
  CreateBadReasonRequest,
  CreateIcCardRequest,
  CreateWorkMachineRequest,
} from '@core/contracts/modeling';

/**
 * Every /modeling field once: label, unit and limits (read from the contract schema where it has
 * them). The lists (`*.list.tsx`) and forms (`modeling.forms.ts`) build columns, filters and form
 * fields from these, so a label is written here only.
 */
const SORT = '排序';
const REMARK = '备注';
const UPDATE_TIME = '更新时间';

export const WORKSHOP = fieldsOf(CreateWorkshopRequest, {
  workshopName: '车间名称',
  workshopCode: '车间编码',
  deviceCount: '设备数量',
  sort: SORT,
  remark: REMARK,
  updateTime: UPDATE_TIME,
});

export const DEVICE_TYPE = fieldsOf(CreateDeviceTypeRequest, { machineType: '类型编码', machineTypeName: '类型名称' });

export const CLASSIFY = fieldsOf(CreateProductClassifyRequest, { classifyName: '分类名称' });

export const DEVICE = fieldsOf(CreateDeviceRequest, {
  deviceNo: '设备编号',
  deviceName: '设备名称',
  deviceTypeId: '设备类型',
  deviceTypeName: '设备类型',
  workshopId: '车间',
  workshopName: '车间',
  deviceUse: '设备用途',
  brand: '品牌',
  model: '型号',
  status: '设备状态',
  remark: REMARK,
});

export const PROCESS_GROUP = fieldsOf(CreateProcessGroupRequest, { groupName: '工序组名称', processCount: '工序数量', sort: SORT, remark: REMARK });

export const PROCESS = fieldsOf(CreateProcessRequest, {
  processCode: '工序编码',
  processName: '工序名称',
  processGroupId: '工序组',
  processGroupName: '工序组',
  prepareMinutes: { label: '准备时间', unit: '分钟' },
  quantityUnit: '计量单位',
  overReportPercent: { label: '超报比例', unit: '%' },
  setupWasteQty: { label: '准备损耗', unit: '张' },
  runningWastePercent: { label: '运行损耗', unit: '%' },
  reportByPrevious: '按上道工序报工',
  requireFirstCheck: '需要首检',
  requireBadReason: { label: '需要填写不良原因', short: '需要不良原因' },
  allowMultiOperator: '允许多人报工',
  sort: SORT,
  remark: REMARK,
});

export const WORK_FLOW = fieldsOf(CreateWorkFlowRequest, {
  flowCode: '工艺路线编码',
  flowName: '工艺路线名称',
  route: '工序路线',
  isTemplate: '类型',
  productName: '所属产品',
  productCount: '产品数量',
  remark: REMARK,
  updateTime: UPDATE_TIME,
});

export const PRODUCT = fieldsOf(CreateProductRequest, {
  productNo: '产品编号',
  productName: '产品名称',
  customerName: '客户',
  classifyId: '产品分类',
  classifyName: '产品分类',
  boxStyle: '箱型',
  lengthMm: { label: '内长', unit: 'mm' },
  widthMm: { label: '内宽', unit: 'mm' },
  heightMm: { label: '内高', unit: 'mm' },
  boardCode: '纸板编码',
  flute: '楞型',
  colors: { label: '印刷颜色数', short: '颜色数' },
  scoreAllowanceMm: { label: '压线加放', unit: 'mm' },
  processFlowId: '工艺路线',
  processFlowName: '工艺路线',
  remark: REMARK,
});

export const POSITION = fieldsOf(CreatePositionRequest, { positionName: '岗位名称', memberCount: '成员人数', sort: SORT, remark: REMARK });

export const TEAM = fieldsOf(CreateTeamRequest, {
  teamName: '班组名称',
  workshopId: '车间',
  workshopName: '车间',
  leaderUserId: '班组长',
  leaderName: '班组长',
  memberCount: '成员人数',
  sort: SORT,
  remark: REMARK,
  updateTime: UPDATE_TIME,
});

export const IC_CARD = fieldsOf(CreateIcCardRequest, {
  cardNo: 'IC卡号',
  userId: '绑定人员',
  nickName: '绑定人员',
  username: '账号',
  bound: '绑定状态',
  bindTime: '绑定时间',
  remark: REMARK,
});

export const WORK_MACHINE = fieldsOf(CreateWorkMachineRequest, {
  machineCode: '一体机编码',
  machineName: '一体机名称',
  ip: 'IP地址',
  deviceIds: '绑定设备',
  devices: '绑定设备',
  keyHint: '密钥',
  remark: REMARK,
  updateTime: UPDATE_TIME,
});

export const BAD_REASON = fieldsOf(CreateBadReasonRequest, {
  processId: '工序',
  processName: '工序',
  reasonCode: '不良现象编码',
  reasonName: '不良现象名称',
  enabled: { label: '启用', short: '状态' },
  sort: SORT,
  remark: REMARK,
});
