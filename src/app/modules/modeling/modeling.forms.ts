import { OVER_REPORT_PERCENT } from '@core/contracts/common';
import { FLUTES } from '@core/contracts/modeling';
import { DEVICE_STATUS, DEVICE_USE } from '@core/enums';
import type { FormField } from '../../components/form-dialog';

/** Codes the server accepts: letters, digits, _ and -. */
const CODE = { regex: /^[A-Za-z0-9_-]+$/, message: '只能包含字母、数字、_ 和 -' };
const enumOptions = (options: readonly { value: unknown; label: string }[]) =>
  options.map((option) => ({ value: option.value as number, label: option.label }));

export const WORKSHOP_FIELDS: FormField[] = [
  { name: 'workshopName', label: '车间名称', kind: 'text', required: true, max: 20 },
  { name: 'workshopCode', label: '车间编码', kind: 'text', max: 20 },
  { name: 'sort', label: '排序', kind: 'number', max: 9999 },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const DEVICE_TYPE_FIELDS: FormField[] = [
  { name: 'machineType', label: '类型编码', kind: 'text', required: true, max: 20, pattern: CODE },
  { name: 'machineTypeName', label: '类型名称', kind: 'text', required: true, max: 20 },
];

export const CLASSIFY_FIELDS: FormField[] = [{ name: 'classifyName', label: '分类名称', kind: 'text', required: true, max: 20 }];

/** The device editor's basic fields; speeds, spare parts and pictures have their own editors. */
export const DEVICE_FIELDS: FormField[] = [
  { name: 'deviceNo', label: '设备编号', kind: 'text', required: true, max: 20, pattern: CODE },
  { name: 'deviceName', label: '设备名称', kind: 'text', required: true, max: 30 },
  { name: 'deviceTypeId', label: '设备类型', kind: 'tree' },
  { name: 'workshopId', label: '车间', kind: 'select' },
  { name: 'deviceUse', label: '设备用途', kind: 'select', required: true, options: enumOptions(DEVICE_USE.options) },
  { name: 'brand', label: '品牌', kind: 'text', max: 30 },
  { name: 'model', label: '型号', kind: 'text', max: 30 },
  { name: 'status', label: '设备状态', kind: 'select', required: true, options: enumOptions(DEVICE_STATUS.options) },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const PROCESS_GROUP_FIELDS: FormField[] = [
  { name: 'groupName', label: '工序组名称', kind: 'text', required: true, max: 20 },
  { name: 'sort', label: '排序', kind: 'number', max: 9999 },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const PROCESS_FIELDS: FormField[] = [
  { name: 'processCode', label: '工序编码', kind: 'text', required: true, max: 20, pattern: CODE },
  { name: 'processName', label: '工序名称', kind: 'text', required: true, max: 20 },
  { name: 'processGroupId', label: '工序组', kind: 'select' },
  { name: 'prepareMinutes', label: '准备时间', kind: 'number', max: 1440, suffix: '分钟' },
  { name: 'quantityUnit', label: '计量单位', kind: 'text', max: 10, placeholder: '如 张、个、米' },
  { name: 'overReportPercent', label: '超报比例', kind: 'number', min: OVER_REPORT_PERCENT.min, max: OVER_REPORT_PERCENT.max, suffix: '%' },
  { name: 'reportByPrevious', label: '按上道工序报工', kind: 'switch' },
  { name: 'requireFirstCheck', label: '需要首检', kind: 'switch' },
  { name: 'requireBadReason', label: '需要填写不良原因', kind: 'switch' },
  { name: 'allowMultiOperator', label: '允许多人报工', kind: 'switch' },
  { name: 'sort', label: '排序', kind: 'number', max: 9999 },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

/** The flow dialog's own fields; the type (template / 产品专用 with its product) and steps have their own editors. */
export const WORK_FLOW_FIELDS: FormField[] = [
  { name: 'flowCode', label: '工艺路线编码', kind: 'text', required: true, max: 20, pattern: CODE },
  { name: 'flowName', label: '工艺路线名称', kind: 'text', required: true, max: 30 },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const PRODUCT_FIELDS: FormField[] = [
  { name: 'productNo', label: '产品编号', kind: 'text', required: true, max: 30, pattern: { regex: /^[A-Za-z0-9_.-]+$/, message: '只能包含字母、数字、_ . 和 -' } },
  { name: 'productName', label: '产品名称', kind: 'text', required: true, max: 50 },
  { name: 'customerName', label: '客户', kind: 'text', max: 50 },
  { name: 'classifyId', label: '产品分类', kind: 'tree' },
  { name: 'boxStyle', label: '箱型', kind: 'text', max: 4, pattern: { regex: /^\d{4}$/, message: '请输入4位FEFCO箱型编号，如 0201' }, placeholder: '如 0201' },
  { name: 'lengthMm', label: '内长', kind: 'number', required: true, min: 1, max: 10000, suffix: 'mm' },
  { name: 'widthMm', label: '内宽', kind: 'number', required: true, min: 1, max: 10000, suffix: 'mm' },
  { name: 'heightMm', label: '内高', kind: 'number', required: true, max: 10000, suffix: 'mm' },
  { name: 'boardCode', label: '纸板编码', kind: 'text', max: 30 },
  { name: 'flute', label: '楞型', kind: 'select', options: FLUTES.map((flute) => ({ value: flute, label: `${flute}楞` })) },
  { name: 'colors', label: '印刷颜色数', kind: 'number', max: 8 },
  { name: 'processFlowId', label: '工艺路线', kind: 'select' },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const POSITION_FIELDS: FormField[] = [
  { name: 'positionName', label: '岗位名称', kind: 'text', required: true, max: 20 },
  { name: 'sort', label: '排序', kind: 'number', max: 9999 },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

/** The 班组 dialog's own fields; members have their own editor. */
export const TEAM_FIELDS: FormField[] = [
  { name: 'teamName', label: '班组名称', kind: 'text', required: true, max: 20 },
  { name: 'workshopId', label: '车间', kind: 'select' },
  { name: 'leaderUserId', label: '班组长', kind: 'select' },
  { name: 'sort', label: '排序', kind: 'number', max: 9999 },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const IC_CARD_FIELDS: FormField[] = [
  { name: 'cardNo', label: 'IC卡号', kind: 'text', required: true, max: 20, pattern: { regex: /^[A-Za-z0-9]{4,20}$/, message: 'IC卡号为4-20位字母或数字' } },
  { name: 'userId', label: '绑定人员', kind: 'select' },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const IC_CARD_BIND_FIELDS: FormField[] = [{ name: 'userId', label: '绑定人员', kind: 'select', required: true }];

export const WORK_MACHINE_FIELDS: FormField[] = [
  { name: 'machineCode', label: '一体机编码', kind: 'text', required: true, max: 20, pattern: CODE },
  { name: 'machineName', label: '一体机名称', kind: 'text', required: true, max: 30 },
  {
    name: 'ip',
    label: 'IP地址',
    kind: 'text',
    max: 15,
    pattern: { regex: /^((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3})$/, message: '请输入正确的IP地址，如 192.168.1.20' },
  },
  { name: 'deviceIds', label: '绑定设备', kind: 'select', multiple: true },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];

export const BAD_REASON_FIELDS: FormField[] = [
  { name: 'processId', label: '工序', kind: 'select', required: true },
  { name: 'reasonCode', label: '不良现象编码', kind: 'text', required: true, max: 20, pattern: CODE },
  { name: 'reasonName', label: '不良现象名称', kind: 'text', required: true, max: 30 },
  { name: 'enabled', label: '启用', kind: 'switch' },
  { name: 'sort', label: '排序', kind: 'number', max: 9999 },
  { name: 'remark', label: '备注', kind: 'textarea', max: 200 },
];
