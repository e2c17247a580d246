import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../storage';
import {
  ALARM_LEVELS,
  matchLevel,
  NEXT_REMIND_KEY,
  remindLevels,
  scheduleNextReminder,
  shouldShowExpiryPopup,
  startExpiryWatch,
  type ExpiryPopupInfo,
} from './expiry';

const user = (accountSurplusDay: number | null, remindType = '0,1,2,3,4', expireTime: string | null = '2026-11-28 23:59:59') => ({
  accountSurplusDay,
  remindType,
  expireTime,
});

describe('ALARM_LEVELS', () => {
  it('is the spec §4 table', () => {
    expect(ALARM_LEVELS.map((l) => [l.level, l.seconds, l.days])).toEqual([
      [0, 10800, 30],
      [1, 7200, 15],
      [2, 3600, 7],
      [3, 1800, 3],
      [4, 600, 0],
    ]);
  });
});

describe('matchLevel', () => {
  it.each([
    [31, null],
    [30, 0],
    [16, 0],
    [15, 1],
    [8, 1],
    [7, 2],
    [5, 2],
    [4, 2],
    [3, 3],
    [1, 3],
    [0, 4],
    [-12, 4],
  ])('%i days → level %s', (days, level) => {
    expect(matchLevel(days)?.level ?? null).toBe(level);
  });
  it('no days → no level', () => {
    expect(matchLevel(null)).toBeNull();
    expect(matchLevel(undefined)).toBeNull();
  });
});

describe('remindLevels', () => {
  it('parses the comma list', () => {
    expect(remindLevels('0, 2,4')).toEqual([0, 2, 4]);
    expect(remindLevels('')).toEqual([]);
    expect(remindLevels(null)).toEqual([]);
  });
});

describe('shouldShowExpiryPopup / scheduleNextReminder', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = createMemoryStorage();
  });

  it('shows when a level matches, an expiry time exists and no next reminder is stored', () => {
    expect(shouldShowExpiryPopup(user(5), 1000, storage)).toBe(true);
    expect(shouldShowExpiryPopup(user(31), 1000, storage)).toBe(false);
    expect(shouldShowExpiryPopup(user(5, '0,1,2,3,4', null), 1000, storage)).toBe(false);
    expect(shouldShowExpiryPopup(user(null), 1000, storage)).toBe(false);
    expect(shouldShowExpiryPopup(null, 1000, storage)).toBe(false);
  });

  it('after close: next reminder = now + the level seconds when remindType has the level', () => {
    const next = scheduleNextReminder(user(5), 1_000_000, storage);
    expect(next).toBe(1_000_000 + 3600 * 1000);
    expect(storage.getItem(NEXT_REMIND_KEY)).toBe(String(next));
    expect(shouldShowExpiryPopup(user(5), 1_000_000 + 3600 * 1000 - 1, storage)).toBe(false);
    expect(shouldShowExpiryPopup(user(5), 1_000_000 + 3600 * 1000, storage)).toBe(true);
  });

  it('after close: no further reminder this session when remindType lacks the level', () => {
    expect(scheduleNextReminder(user(5, '0,1,3,4'), 1_000_000, storage)).toBeNull();
    expect(shouldShowExpiryPopup(user(5, '0,1,3,4'), 1e15, storage)).toBe(false);
  });

  it('uses sessionStorage mes_next_remind_time by default', () => {
    const session = createMemoryStorage();
    vi.stubGlobal('sessionStorage', session);
    scheduleNextReminder(user(0), 0);
    expect(session.getItem('mes_next_remind_time')).toBe(String(600 * 1000));
    vi.unstubAllGlobals();
  });
});

describe('startExpiryWatch', () => {
  afterEach(() => vi.useRealTimers());

  it('opens at once, not again while open, reopens every 10 s poll when due', async () => {
    vi.useFakeTimers();
    let now = 0;
    const storage = createMemoryStorage();
    const opened: ExpiryPopupInfo[] = [];
    const stop = startExpiryWatch({
      getUser: () => user(2, '3'),
      open: (info) => void opened.push(info),
      now: () => now,
      storage,
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ level: { level: 3 }, days: 2, expireTime: '2026-11-28 23:59:59' });
    now = 60_000;
    vi.advanceTimersByTime(60_000);
    expect(opened).toHaveLength(1);
    opened[0]!.onClose();
    expect(storage.getItem(NEXT_REMIND_KEY)).toBe(String(60_000 + 1800 * 1000));
    now = 60_000 + 1800 * 1000 - 1;
    vi.advanceTimersByTime(10_000);
    expect(opened).toHaveLength(1);
    now = 60_000 + 1800 * 1000;
    vi.advanceTimersByTime(10_000);
    expect(opened).toHaveLength(2);
    stop();
    opened[1]!.onClose();
    now += 1e9;
    vi.advanceTimersByTime(100_000);
    expect(opened).toHaveLength(2);
  });

  it('a promise returned by open counts as the close', async () => {
    const storage = createMemoryStorage();
    let resolve!: () => void;
    const stop = startExpiryWatch({
      getUser: () => user(20),
      open: () => new Promise<void>((r) => (resolve = r)),
      now: () => 5,
      storage,
      intervalMs: 50,
    });
    expect(storage.getItem(NEXT_REMIND_KEY)).toBeNull();
    resolve();
    await Promise.resolve();
    expect(storage.getItem(NEXT_REMIND_KEY)).toBe(String(5 + 10800 * 1000));
    stop();
  });

  it('no user, no popup', () => {
    const open = vi.fn();
    const stop = startExpiryWatch({ getUser: () => null, open, storage: createMemoryStorage() });
    expect(open).not.toHaveBeenCalled();
    stop();
  });
});
