import { describe, expect, it } from 'vitest';
import type { StatusEvent } from './types';
import { checkBatch, eventProblem, storedConflicts, type ValidationContext } from './validate';

const NOW = Date.UTC(2026, 4, 6, 2, 0); // 2026-05-06 10:00 China time
const CONTEXT: ValidationContext = { isKnownDevice: (deviceNo) => ['M01', 'M02'].includes(deviceNo), now: NOW, futureToleranceMs: 60_000 };
const ok: StatusEvent = { deviceNo: 'M01', status: 3, at: NOW - 5_000, reason: null, counter: 12 };

describe('status event validation', () => {
  it('accepts a good event, one up to the tolerance ahead and one from long ago', () => {
    expect(eventProblem(ok, CONTEXT)).toBeNull();
    expect(eventProblem({ ...ok, at: NOW + 60_000 }, CONTEXT)).toBeNull();
    expect(eventProblem({ ...ok, at: NOW - 30 * 86_400_000 }, CONTEXT)).toBeNull();
  });

  it('gives one clear message per kind of bad event', () => {
    const bad = (event: Partial<StatusEvent>) => eventProblem({ ...ok, ...event } as StatusEvent, CONTEXT);
    expect(bad({ deviceNo: '  ' })).toBe('设备编号不能为空');
    expect(bad({ deviceNo: 'X99' })).toBe('设备 X99 不存在');
    expect(bad({ status: 7 as never })).toBe('设备状态 7 无效，应为 1–6');
    expect(bad({ status: 0 as never })).toBe('设备状态 0 无效，应为 1–6');
    expect(bad({ status: 2.5 as never })).toBe('设备状态 2.5 无效，应为 1–6');
    expect(bad({ at: Number.NaN })).toBe('事件时间无效');
    expect(bad({ at: NOW + 60_001 })).toBe('事件时间 2026-05-06 10:01:00 晚于服务器时间超过 60 秒');
    expect(bad({ counter: -1 })).toBe('计数必须是不小于 0 的数');
  });

  it('refuses a whole batch listing every bad event with its place, or hands back all events', () => {
    const batch: StatusEvent[] = [ok, { ...ok, deviceNo: 'X99' }, { ...ok, deviceNo: 'M02' }, { ...ok, status: 9 as never, eventId: 'e9' }];
    expect(checkBatch(batch, CONTEXT)).toEqual({
      ok: false,
      problems: [
        { index: 1, deviceNo: 'X99', eventId: null, message: '设备 X99 不存在' },
        { index: 3, deviceNo: 'M01', eventId: 'e9', message: '设备状态 9 无效，应为 1–6' },
      ],
    });
    const good = [ok, { ...ok, deviceNo: 'M02', status: 5 as const, reason: '断纸' }];
    expect(checkBatch(good, CONTEXT)).toEqual({ ok: true, events: good });
  });

  it('refuses two events of a batch sharing an eventId with different content, not an exact resend', () => {
    const first = { ...ok, eventId: 'g1-100' };
    expect(checkBatch([first, { ...first }], CONTEXT).ok).toBe(true);
    expect(checkBatch([first, { ...first, status: 5 }], CONTEXT)).toEqual({
      ok: false,
      problems: [0, 1].map((index) => ({ index, deviceNo: 'M01', eventId: 'g1-100', message: '事件编号 g1-100 在本批中重复且内容不同' })),
    });
  });

  it('refuses an eventId already stored with different content, not a resend of it', () => {
    const stored = [{ ...ok, eventId: 'g1-1' }, { ...ok, eventId: 'g1-2', status: 4 as const }];
    const batch: StatusEvent[] = [{ ...ok, eventId: 'g1-1', reason: ' ' }, { ...ok, eventId: 'g1-2' }, { ...ok, deviceNo: 'M02', eventId: 'g1-2' }];
    expect(storedConflicts(stored, batch)).toEqual([{ index: 1, deviceNo: 'M01', eventId: 'g1-2', message: '事件编号 g1-2 已存在且内容不同' }]);
  });
});
