import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import { deviceLabelText, PhoneUploadQuery, UPLOAD_UUID_PATTERN, warrantyState } from './device-ledger';

describe('device ledger rules', () => {
  it('tells a warranty as none, still valid through its last day, or expired', () => {
    expect(warrantyState(null, '2026-11-25')).toBe('none');
    expect(warrantyState('2026-11-25', '2026-11-25')).toBe('valid');
    expect(warrantyState('2026-11-24', '2026-11-25')).toBe('expired');
  });

  it('writes the label QR text with the asset number only when there is one', () => {
    expect(deviceLabelText({ deviceNo: 'YS-01', deviceName: '印刷机', assetNo: 'ZC-1' })).toBe('设备编号:YS-01\n设备名称:印刷机\n资产编号:ZC-1');
    expect(deviceLabelText({ deviceNo: 'YS-01', deviceName: '印刷机', assetNo: '' })).toBe('设备编号:YS-01\n设备名称:印刷机');
  });

  it('accepts a phone link only with all five query parameters in their shapes (spec §2, §5 uuid)', () => {
    const link = { uuId: 'Ab3dE6gH9jK2mN5pQ8sT', token: 'x'.repeat(43), appId: 'mes-pc', orgId: '1001', userId: '7' };
    expect(Value.Check(PhoneUploadQuery, link)).toBe(true);
    for (const name of Object.keys(link)) {
      const { [name as keyof typeof link]: _dropped, ...missing } = link;
      expect(Value.Check(PhoneUploadQuery, missing), name).toBe(false);
    }
    expect(new RegExp(UPLOAD_UUID_PATTERN).test('ab')).toBe(false);
    expect(new RegExp(UPLOAD_UUID_PATTERN).test('a'.repeat(21))).toBe(false);
  });
});
