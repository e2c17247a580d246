import { describe, expect, it } from 'vitest';
import * as enums from './enums';

const { defineEnum } = enums;
const hasChinese = /[\u4e00-\u9fa5]/;

describe('enumerations of spec §4', () => {
  it('every enumeration labels every value in Chinese, values unique', () => {
    const defs = Object.entries(enums).filter(
      ([, value]) => typeof value === 'object' && value !== null && 'options' in value,
    ) as [string, enums.EnumDef<enums.EnumValue>][];
    expect(defs.length).toBeGreaterThanOrEqual(24);
    for (const [name, def] of defs) {
      expect(new Set(def.values.map(String)).size, name).toBe(def.values.length);
      for (const option of def.options) expect(option.label, `${name}.${String(option.value)}`).toMatch(hasChinese);
    }
  });

  it('values as the spec lists them', () => {
    expect(enums.ACCOUNT_STATUS.values).toEqual([0, 1, 2]);
    expect(enums.DEVICE_STATUS.values).toEqual([1, 2, 3, 4, 5, 6]);
    expect(enums.REPAIR_STATUS.values).toEqual([1, 2, 4, 3]);
    expect(enums.ORDER_STATUS.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(enums.OPERATION_STATUS.values).toEqual([0, 1, 2, 3, 6, 7]);
    expect(enums.SCHEDULE_STATE.values).toEqual([0, 1, 2, 3, 9]);
    expect(enums.ISSUE_STATE.values).toEqual([0, 1, 2, 3]);
    expect(enums.PRODUCTION_STATE.values).toEqual([0, 1, 2, 3, 4, 5]);
    expect(enums.REPORT_AUDIT_STATUS.values).toEqual([1, 2, 11]);
    expect(enums.REPORT_AUDIT_PROGRESS.values).toEqual([0, 1, 2]);
    expect(enums.REPORT_AUDIT_HANDLE.values).toEqual([0, 1, 2]);
    expect(enums.WORK_ORDER_AUDIT.values).toEqual([1, 2, 3]);
    expect(enums.ERP_SYNC_STATUS.values).toEqual([1, 5, 2, 3, 4]);
    expect(enums.INSPECTION_STATE.values).toEqual([0, 1, 2]);
    expect(enums.URGENCY.values).toEqual([0, 1, 2, 3]);
    expect(enums.PRIORITY.values).toEqual([1, 2, 3, 4]);
    expect(enums.IMPORTANCE.values).toEqual([0, 1, 2, 3, 4]);
    expect(enums.TASK_TYPE.values).toEqual([1, 2, 3, 4]);
    expect(enums.TASK_STATUS.values).toEqual([1, 2, 3]);
    expect(enums.ENABLE_STATUS.values).toEqual([true, false]);
    expect(enums.SCHEDULE_TABS.map((tab) => tab.statuses)).toEqual([[0, 6], [], [1, 2, 3, 7]]);
  });

  it('label lookup', () => {
    expect(enums.DEVICE_STATUS.label(5)).toBe('故障');
    expect(enums.DEVICE_STATUS.label('5')).toBe('故障');
    expect(enums.ENABLE_STATUS.label(false)).toBe('禁用');
    expect(enums.ACCOUNT_STATUS.label(2)).toBe('锁定');
    expect(enums.REPORT_AUDIT_STATUS.label(11)).toBe('部分审核');
    expect(enums.DEVICE_STATUS.label(99)).toBe('99');
    expect(enums.DEVICE_STATUS.label(null)).toBe('');
    expect(defineEnum([{ value: 'a', label: '甲' }]).label('a')).toBe('甲');
  });

  it('device use: 1 production, other values auxiliary', () => {
    expect(enums.deviceUseLabel(1)).toBe('生产设备');
    expect(enums.deviceUseLabel(7)).toBe('辅助设备');
  });

  it('account expiry state: normal, expiring, expired', () => {
    expect(enums.accountExpiryState(31)).toBe('normal');
    expect(enums.accountExpiryState(30)).toBe('expiring');
    expect(enums.accountExpiryState(0)).toBe('expiring');
    expect(enums.accountExpiryState(-1)).toBe('expired');
    expect(enums.ACCOUNT_EXPIRY_STATE.label('expired')).toBe('已到期');
  });
});
