/** Every enumeration of spec §4 (plus the value lists of §3) with Chinese labels. */

export type EnumValue = string | number | boolean;

export interface EnumOption<V extends EnumValue = EnumValue> {
  value: V;
  label: string;
}

export interface EnumDef<V extends EnumValue> {
  /** For Select / Radio options and filter forms. */
  options: readonly EnumOption<V>[];
  values: readonly V[];
  /** Label of a value; '' for null/undefined, the raw value when unknown. */
  label(value: V | string | number | null | undefined): string;
}

export function defineEnum<V extends EnumValue>(options: readonly EnumOption<V>[]): EnumDef<V> {
  const labels = new Map<string, string>(options.map((option) => [String(option.value), option.label]));
  return {
    options,
    values: options.map((option) => option.value),
    label(value) {
      if (value === null || value === undefined) return '';
      return labels.get(String(value)) ?? String(value);
    },
  };
}

export const ENABLE_STATUS = defineEnum([
  { value: true, label: '启用' },
  { value: false, label: '禁用' },
]);

export const ACCOUNT_STATUS = defineEnum([
  { value: 0, label: '禁用' },
  { value: 1, label: '正常' },
  { value: 2, label: '锁定' },
]);

export const DEVICE_STATUS = defineEnum([
  { value: 1, label: '空闲' },
  { value: 2, label: '使用中' },
  { value: 3, label: '运行中' },
  { value: 4, label: '待机' },
  { value: 5, label: '故障' },
  { value: 6, label: '不在线' },
]);

/** Repair / handle status; 4 (pending acceptance) comes before 3 (finished) in the flow. */
export const REPAIR_STATUS = defineEnum([
  { value: 1, label: '待处理' },
  { value: 2, label: '处理中' },
  { value: 4, label: '待验收' },
  { value: 3, label: '已完成' },
]);

export const TASK_STATUS = defineEnum([
  { value: 1, label: '待开始' },
  { value: 2, label: '进行中' },
  { value: 3, label: '已完成' },
]);

export const ORDER_STATUS = defineEnum([
  { value: 0, label: '已创建' },
  { value: 1, label: '处理中' },
  { value: 2, label: '已下单' },
  { value: 3, label: '已部署' },
  { value: 4, label: '生产中' },
  { value: 5, label: '已完成' },
  { value: 6, label: '已核对' },
  { value: 7, label: '已回收' },
  { value: 8, label: '待录入' },
  { value: 9, label: '不排产' },
  { value: 10, label: '已暂停' },
]);

export const OPERATION_STATUS = defineEnum([
  { value: 0, label: '待排产' },
  { value: 1, label: '待开始' },
  { value: 2, label: '已开始' },
  { value: 3, label: '已结束' },
  { value: 6, label: '联动开始' },
  { value: 7, label: '联动待开始' },
]);

export interface ScheduleTab {
  key: 'pre' | 'notIssued' | 'issued';
  label: string;
  /** Operation statuses listed on the tab (none named for the middle tab). */
  statuses: readonly number[];
  issued: boolean;
}

/** Schedule tabs (spec §4). */
export const SCHEDULE_TABS: readonly ScheduleTab[] = [
  { key: 'pre', label: '预排产', statuses: [0, 6], issued: false },
  { key: 'notIssued', label: '已排产未下发', statuses: [], issued: false },
  { key: 'issued', label: '已排产已下发', statuses: [1, 2, 3, 7], issued: true },
];

export const TASK_TYPE = defineEnum([
  { value: 1, label: '预排单' },
  { value: 2, label: '已排产' },
  { value: 3, label: '不明确' },
  { value: 4, label: '生产中' },
]);

export const SCHEDULE_STATE = defineEnum([
  { value: 0, label: '待排产' },
  { value: 1, label: '部分排产' },
  { value: 2, label: '已排产' },
  { value: 3, label: '暂不排产' },
  { value: 9, label: '已取消' },
]);

export const ISSUE_STATE = defineEnum([
  { value: 0, label: '待下发' },
  { value: 1, label: '部分下发' },
  { value: 2, label: '已下发' },
  { value: 3, label: '已挂起' },
]);

export const PRODUCTION_STATE = defineEnum([
  { value: 0, label: '待生产' },
  { value: 1, label: '生产中' },
  { value: 2, label: '部分完成' },
  { value: 3, label: '已完成' },
  { value: 4, label: '欠数' },
  { value: 5, label: '已关闭' },
]);

/** Report audit, variant 1 (1 / 2 / 11). */
export const REPORT_AUDIT_STATUS = defineEnum([
  { value: 1, label: '待审核' },
  { value: 2, label: '已审核' },
  { value: 11, label: '部分审核' },
]);

/** Report audit, variant 2 (0 / 1 / 2). */
export const REPORT_AUDIT_PROGRESS = defineEnum([
  { value: 0, label: '待审核' },
  { value: 1, label: '部分审核' },
  { value: 2, label: '已审核' },
]);

/** Report audit, variant 3 (0 / 1 / 2 as a processing state). */
export const REPORT_AUDIT_HANDLE = defineEnum([
  { value: 0, label: '待处理' },
  { value: 1, label: '处理中' },
  { value: 2, label: '已完成' },
]);

export const WORK_ORDER_AUDIT = defineEnum([
  { value: 1, label: '待审核' },
  { value: 2, label: '已审核' },
  { value: 3, label: '已作废' },
]);

export const ERP_SYNC_STATUS = defineEnum([
  { value: 1, label: '待同步' },
  { value: 5, label: '同步中' },
  { value: 2, label: '同步成功' },
  { value: 3, label: '同步失败' },
  { value: 4, label: '同步异常' },
]);

export const INSPECTION_STATE = defineEnum([
  { value: 0, label: '无需检验' },
  { value: 1, label: '未检验' },
  { value: 2, label: '已检验' },
]);

export const URGENCY = defineEnum([
  { value: 0, label: '正常' },
  { value: 1, label: '紧急' },
  { value: 2, label: '加急' },
  { value: 3, label: '特急' },
]);

export const PRIORITY = defineEnum([
  { value: 1, label: '低' },
  { value: 2, label: '中' },
  { value: 3, label: '高' },
  { value: 4, label: '紧急' },
]);

export const IMPORTANCE = defineEnum([
  { value: 0, label: '一般' },
  { value: 1, label: '较低' },
  { value: 2, label: '中等' },
  { value: 3, label: '重要' },
  { value: 4, label: '非常重要' },
]);

export const SHIFT = defineEnum([
  { value: '', label: '全天' },
  { value: 'A', label: '白班(A)' },
  { value: 'B', label: '夜班(B)' },
]);

export const REPORT_SOURCE = defineEnum([
  { value: 1, label: '平台' },
  { value: 2, label: '一体机' },
  { value: 3, label: '移动端' },
]);

export const COMPARISON_OPERATOR = defineEnum([
  { value: '<', label: '小于' },
  { value: '>', label: '大于' },
  { value: '<=', label: '小于等于' },
  { value: '>=', label: '大于等于' },
]);

/** Spec §3: device use 1 is production, every other value auxiliary. */
export const DEVICE_USE = defineEnum([
  { value: 1, label: '生产设备' },
  { value: 2, label: '辅助设备' },
]);
export const deviceUseLabel = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : value === 1 ? '生产设备' : '辅助设备';

/** Spec §3 upload request type. */
export const UPLOAD_FILE_TYPE = defineEnum([
  { value: 0, label: '图片' },
  { value: 1, label: '文档' },
  { value: 2, label: '视频' },
]);

/** Account expiry levels (spec §4). */
export const ACCOUNT_EXPIRY_STATE = defineEnum([
  { value: 'normal', label: '正常' },
  { value: 'expiring', label: '即将到期' },
  { value: 'expired', label: '已到期' },
]);

/** Expiring within the reminder window (30 days, the widest alarm level); expired below 0. */
export function accountExpiryState(days: number | null | undefined): 'normal' | 'expiring' | 'expired' {
  if (days === null || days === undefined) return 'normal';
  if (days < 0) return 'expired';
  return days <= 30 ? 'expiring' : 'normal';
}

/** Alarm levels of spec §4 as options (timers in ALARM_LEVELS of session/expiry). */
export const ALARM_LEVEL = defineEnum([
  { value: 0, label: '提前30天' },
  { value: 1, label: '提前15天' },
  { value: 2, label: '提前7天' },
  { value: 3, label: '提前3天' },
  { value: 4, label: '到期当天' },
]);
