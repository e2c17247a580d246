import { FLUTES } from '@core/contracts/modeling';
import { DEVICE_STATUS, DEVICE_USE } from '@core/enums';
import { formField as f, type FormField } from '@app/components/form-dialog';
import { BAD_REASON, CLASSIFY, DEVICE, DEVICE_TYPE, IC_CARD, PROCESS, PROCESS_GROUP, POSITION, PRODUCT, TEAM, WORK_FLOW, WORK_MACHINE, WORKSHOP } from './modeling.fields';

/** Codes the server accepts: letters, digits, _ and -. */
const CODE = { regex: /^[A-Za-z0-9_-]+$/, message: '只能包含字母、数字、_ 和 -' };
const enumOptions = (options: readonly { value: unknown; label: string }[]) =>
  options.map((option) => ({ value: option.value as number, label: option.label }));
const required = { required: true } as const;

export const WORKSHOP_FIELDS: FormField[] = [
  f(WORKSHOP.workshopName, 'text', required),
  f(WORKSHOP.workshopCode, 'text'),
  f(WORKSHOP.sort, 'number'),
  f(WORKSHOP.remark, 'textarea'),
];

export const DEVICE_TYPE_FIELDS: FormField[] = [
  f(DEVICE_TYPE.machineType, 'text', { required: true, pattern: CODE }),
  f(DEVICE_TYPE.machineTypeName, 'text', required),
];

export const CLASSIFY_FIELDS: FormField[] = [f(CLASSIFY.classifyName, 'text', required)];

/** The device editor's basic fields; speeds, spare parts and pictures have their own editors. */
export const DEVICE_FIELDS: FormField[] = [
  f(DEVICE.deviceNo, 'text', { required: true, pattern: CODE }),
  f(DEVICE.deviceName, 'text', required),
  f(DEVICE.deviceTypeId, 'tree'),
  f(DEVICE.workshopId, 'select'),
  f(DEVICE.deviceUse, 'select', { required: true, options: enumOptions(DEVICE_USE.options) }),
  f(DEVICE.brand, 'text'),
  f(DEVICE.model, 'text'),
  f(DEVICE.status, 'select', { required: true, options: enumOptions(DEVICE_STATUS.options) }),
  f(DEVICE.remark, 'textarea'),
];

export const PROCESS_GROUP_FIELDS: FormField[] = [
  f(PROCESS_GROUP.groupName, 'text', required),
  f(PROCESS_GROUP.sort, 'number'),
  f(PROCESS_GROUP.remark, 'textarea'),
];

export const PROCESS_FIELDS: FormField[] = [
  f(PROCESS.processCode, 'text', { required: true, pattern: CODE }),
  f(PROCESS.processName, 'text', required),
  f(PROCESS.processGroupId, 'select'),
  f(PROCESS.prepareMinutes, 'number'),
  f(PROCESS.quantityUnit, 'text', { placeholder: '如 张、个、米' }),
  f(PROCESS.overReportPercent, 'number', { suffix: '%' }),
  f(PROCESS.setupWasteQty, 'number', { suffix: '张' }),
  f(PROCESS.runningWastePercent, 'number', { suffix: '%', precision: 2 }),
  f(PROCESS.reportByPrevious, 'switch'),
  f(PROCESS.requireFirstCheck, 'switch'),
  f(PROCESS.requireBadReason, 'switch'),
  f(PROCESS.allowMultiOperator, 'switch'),
  f(PROCESS.sort, 'number'),
  f(PROCESS.remark, 'textarea'),
];

/** The flow dialog's own fields; the type (template / 产品专用 with its product) and steps have their own editors. */
export const WORK_FLOW_FIELDS: FormField[] = [
  f(WORK_FLOW.flowCode, 'text', { required: true, pattern: CODE }),
  f(WORK_FLOW.flowName, 'text', required),
  f(WORK_FLOW.remark, 'textarea'),
];

export const PRODUCT_FIELDS: FormField[] = [
  f(PRODUCT.productNo, 'text', { required: true, pattern: { regex: /^[A-Za-z0-9_.-]+$/, message: '只能包含字母、数字、_ . 和 -' } }),
  f(PRODUCT.productName, 'text', required),
  f(PRODUCT.customerName, 'text'),
  f(PRODUCT.classifyId, 'tree'),
  f(PRODUCT.boxStyle, 'text', { pattern: { regex: /^\d{4}$/, message: '请输入4位FEFCO箱型编号，如 0201' }, placeholder: '如 0201' }),
  f(PRODUCT.lengthMm, 'number', required),
  f(PRODUCT.widthMm, 'number', required),
  f(PRODUCT.heightMm, 'number', required),
  f(PRODUCT.boardCode, 'text'),
  f(PRODUCT.flute, 'select', { options: FLUTES.map((flute) => ({ value: flute, label: `${flute}楞` })) }),
  f(PRODUCT.colors, 'number'),
  f(PRODUCT.scoreAllowanceMm, 'number', { suffix: 'mm', clearToNull: true, placeholder: '空：按楞型' }),
  f(PRODUCT.processFlowId, 'select'),
  f(PRODUCT.remark, 'textarea'),
];

export const POSITION_FIELDS: FormField[] = [f(POSITION.positionName, 'text', required), f(POSITION.sort, 'number'), f(POSITION.remark, 'textarea')];

/** The 班组 dialog's own fields; members have their own editor. */
export const TEAM_FIELDS: FormField[] = [
  f(TEAM.teamName, 'text', required),
  f(TEAM.workshopId, 'select'),
  f(TEAM.leaderUserId, 'select'),
  f(TEAM.sort, 'number'),
  f(TEAM.remark, 'textarea'),
];

export const IC_CARD_FIELDS: FormField[] = [
  f(IC_CARD.cardNo, 'text', { required: true, pattern: { regex: /^[A-Za-z0-9]{4,20}$/, message: 'IC卡号为4-20位字母或数字' } }),
  f(IC_CARD.userId, 'select'),
  f(IC_CARD.remark, 'textarea'),
];

export const IC_CARD_BIND_FIELDS: FormField[] = [f(IC_CARD.userId, 'select', required)];

export const WORK_MACHINE_FIELDS: FormField[] = [
  f(WORK_MACHINE.machineCode, 'text', { required: true, pattern: CODE }),
  f(WORK_MACHINE.machineName, 'text', required),
  f(WORK_MACHINE.ip, 'text', {
    pattern: { regex: /^((25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3})$/, message: '请输入正确的IP地址，如 192.168.1.20' },
  }),
  f(WORK_MACHINE.deviceIds, 'select', { multiple: true }),
  f(WORK_MACHINE.remark, 'textarea'),
];

export const BAD_REASON_FIELDS: FormField[] = [
  f(BAD_REASON.processId, 'select', required),
  f(BAD_REASON.reasonCode, 'text', { required: true, pattern: CODE }),
  f(BAD_REASON.reasonName, 'text', required),
  f(BAD_REASON.enabled, 'switch'),
  f(BAD_REASON.sort, 'number'),
  f(BAD_REASON.remark, 'textarea'),
];
