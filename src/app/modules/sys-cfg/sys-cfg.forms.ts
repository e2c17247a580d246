import { OVER_REPORT_PERCENT } from '@core/contracts/common';
import type { EnterpriseConfigSections } from '@core/contracts/sys-cfg';
import { PAPER_TYPE_LABELS, PAPER_TYPES } from '@core/contracts/sys-cfg';
import { ORDER_STATUS } from '@core/enums';
import { formField as f, type FieldOption, type FormField } from '@app/components/form-dialog';
import { BOARD_CODE, DECKLE, DICT_TYPE, FLUTE, PAPER_GRADE } from './sys-cfg.fields';

const CODE = { regex: /^[A-Za-z0-9_.-]+$/, message: '只能包含字母、数字、_ . 和 -' };

/** The auditor picker of an audit section: factory users, enabled while the section's needAudit is on. */
export interface AuditorPicker {
  label: string;
  /** Shown under the picker. */
  help: string;
}

/** One 企业配置 section: saved on its own; `flat` sections are a single value rather than an object. */
export interface ConfigSection {
  key: keyof EnterpriseConfigSections;
  title: string;
  fields: FormField[];
  flat?: boolean;
  /** Audit sections: their auditorUserIds are picked with a UserSelect after the fields. */
  auditors?: AuditorPicker;
}

const auditFields = (what: string): FormField[] => [{ name: 'needAudit', label: `${what}需要审核`, kind: 'switch' }];
const AUDITORS: AuditorPicker = { label: '审核人', help: '不选则拥有审核权限的人员均可审核' };

export const CONFIG_SECTIONS: ConfigSection[] = [
  { key: 'reportAuditConfig', title: '报工审核', fields: auditFields('报工'), auditors: AUDITORS },
  { key: 'orderAuditConfig', title: '订单审核', fields: auditFields('订单'), auditors: AUDITORS },
  {
    key: 'reportQuantityConfig',
    title: '报工数量',
    fields: [
      { name: 'overReportTolerancePercent', label: '超报比例', kind: 'number', required: true, min: OVER_REPORT_PERCENT.min, max: OVER_REPORT_PERCENT.max, suffix: '%' },
      { name: 'defectCountsAsOutput', label: '不良数计入产量', kind: 'switch' },
    ],
  },
  {
    key: 'maintenanceMode',
    title: '维护模式',
    fields: [
      { name: 'enabled', label: '开启维护模式', kind: 'switch' },
      { name: 'maintenanceMessage', label: '维护提示', kind: 'textarea', max: 200, placeholder: '如：系统维护中，预计 22:00 恢复' },
    ],
  },
  {
    key: 'orderTemplate',
    title: '订单模板',
    fields: [
      { name: 'orderNoPrefix', label: '订单号前缀', kind: 'text', max: 6, pattern: { regex: /^[A-Z]*$/, message: '只能输入大写字母' }, placeholder: '如 SO' },
      { name: 'defaultDeliveryDays', label: '默认交期天数', kind: 'number', required: true, max: 365, precision: 0, suffix: '天' },
      { name: 'orderFields', label: '订单字段', kind: 'tags', placeholder: '输入字段名后回车，如 客户PO号' },
    ],
  },
  { key: 'multistageDeviceFlag', title: '多级设备类型', flat: true, fields: [{ name: 'multistageDeviceFlag', label: '启用多级设备类型', kind: 'switch' }] },
];

export const DICT_TYPE_FIELDS: FormField[] = [
  f(DICT_TYPE.dictType, 'text', { required: true, pattern: { regex: /^[a-z][a-z0-9_]*$/, message: '以小写字母开头，只能包含小写字母、数字和 _' }, placeholder: '如 box_style' }),
  f(DICT_TYPE.dictName, 'text', { required: true }),
];

const CALENDAR_OPTIONS: FieldOption[] = [
  { value: 'shift_calendar', label: '按班次日历（扣除节假日）' },
  { value: 'all_day', label: '全天24小时' },
];

export const SCHEDULE_FIELDS: FormField[] = [
  { name: 'calendarSource', label: '工作日历来源', kind: 'select', required: true, options: CALENDAR_OPTIONS },
  { name: 'defaultEfficiencyPercent', label: '默认效率', kind: 'number', required: true, min: 1, max: 100, suffix: '%' },
  { name: 'colorChangeMinutes', label: '换色时间（每色）', kind: 'number', required: true, max: 240, precision: 0, suffix: '分钟' },
  { name: 'sameDieSavingMinutes', label: '同刀模节省时间', kind: 'number', required: true, max: 240, precision: 0, suffix: '分钟' },
  { name: 'samePlateSavingMinutes', label: '同印版节省时间', kind: 'number', required: true, max: 240, precision: 0, suffix: '分钟' },
  {
    name: 'schedulableOrderStatuses',
    label: '可排产订单状态',
    kind: 'checkboxes',
    required: true,
    options: ORDER_STATUS.options.map((option) => ({ value: option.value as number, label: option.label })),
  },
];

export const PAPER_TYPE_OPTIONS: FieldOption[] = PAPER_TYPES.map((type) => ({ value: type, label: PAPER_TYPE_LABELS[type] }));

export const PAPER_GRADE_FIELDS: FormField[] = [
  f(PAPER_GRADE.paperCode, 'text', { required: true, pattern: CODE, placeholder: '如 K250' }),
  f(PAPER_GRADE.paperName, 'text', { required: true }),
  f(PAPER_GRADE.grammage, 'number', { required: true, precision: 0 }),
  f(PAPER_GRADE.paperType, 'select', { required: true, options: PAPER_TYPE_OPTIONS }),
  f(PAPER_GRADE.ringCrush, 'number'),
  f(PAPER_GRADE.remark, 'textarea'),
];

export const FLUTE_FIELDS: FormField[] = [
  f(FLUTE.fluteCode, 'text', { required: true, pattern: { regex: /^[A-Z]+$/, message: '只能输入大写字母' }, placeholder: '如 B、BC' }),
  f(FLUTE.fluteName, 'text', { required: true }),
  f(FLUTE.components, 'tags', { placeholder: '双瓦楞填写组成楞型，如 B、C；单瓦楞留空' }),
  f(FLUTE.heightMm, 'number', { required: true, precision: 1 }),
  f(FLUTE.takeUpFactor, 'number', { precision: 2, placeholder: '单瓦楞 1.25–1.5' }),
  f(FLUTE.remark, 'textarea'),
];

const GRADES = ['S', 'D'].flatMap((wall) => [1, 2, 3].flatMap((group) => [1, 2, 3, 4].map((step) => `${wall}-${group}.${step}`)));
export const GRADE_OPTIONS: FieldOption[] = GRADES.map((grade) => ({ value: grade, label: grade }));

/** Board code fields besides flute and layers, which the board editor lays out itself. */
export const BOARD_CODE_FIELDS: FormField[] = [
  f(BOARD_CODE.boardCode, 'text', { required: true, pattern: CODE, placeholder: '如 K250-B140-K250' }),
  f(BOARD_CODE.grade, 'select', { options: GRADE_OPTIONS, placeholder: '请选择纸板等级（GB/T 6544）' }),
  f(BOARD_CODE.minBurstKpa, 'number'),
  f(BOARD_CODE.minEctKnM, 'number', { precision: 2 }),
  f(BOARD_CODE.remark, 'textarea'),
];

export const DECKLE_FIELDS: FormField[] = [
  f(DECKLE.widthMm, 'number', { required: true, precision: 0 }),
  f(DECKLE.minTrimMm, 'number', { precision: 0 }),
  f(DECKLE.enabled, 'switch'),
  f(DECKLE.remark, 'textarea'),
];
