import { describe, expect, it } from 'vitest';
import { applyChange } from './use-live-devices';
import { liveDevice } from './live-device.fixture';

const device = liveDevice;

describe('applyChange', () => {
  it('updates the changed device only', () => {
    const before = [device(1, 3, 1000), device(2, 3, 1000)];
    expect(applyChange(before, { deviceId: 2, status: 5, since: 2000, reason: '卡纸' })).toEqual([before[0], { ...before[1], status: 5, since: 2000, reason: '卡纸' }]);
  });

  it('ignores a change older than what the tile shows (it arrived after a newer snapshot)', () => {
    const before = [device(1, 5, 3000)];
    expect(applyChange(before, { deviceId: 1, status: 3, since: 2000, reason: null })).toEqual(before);
    // The same status with an earlier start is the current run found to have begun earlier (a late event).
    expect(applyChange(before, { deviceId: 1, status: 5, since: 2500, reason: null })[0]).toMatchObject({ status: 5, since: 2500 });
  });
});
