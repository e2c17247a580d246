import type { UserInfo } from '../contracts';
import { EXPIRY_POLL_MS, STORAGE_KEYS } from '../constants';
import { sessionStorageOf } from '../storage';

export interface AlarmLevel {
  level: number;
  /** Seconds until the next reminder after the popup closes. */
  seconds: number;
  /** The level applies when accountSurplusDay ≤ days. */
  days: number;
}

/** Alarm level table of spec §4. */
export const ALARM_LEVELS: readonly AlarmLevel[] = [
  { level: 0, seconds: 10_800, days: 30 },
  { level: 1, seconds: 7_200, days: 15 },
  { level: 2, seconds: 3_600, days: 7 },
  { level: 3, seconds: 1_800, days: 3 },
  { level: 4, seconds: 600, days: 0 },
];

export const NEXT_REMIND_KEY = STORAGE_KEYS.nextRemindTime;
/** Stored instead of a time when the user's remindType excludes the level: no more popups this session. */
export const NO_MORE_REMINDERS = 'none';

type ExpiryUser = Pick<UserInfo, 'accountSurplusDay' | 'expireTime' | 'remindType'>;

/** The most severe level whose threshold the remaining days reach, or null above 30 days. */
export function matchLevel(days: number | null | undefined): AlarmLevel | null {
  if (days === null || days === undefined || !Number.isFinite(days)) return null;
  let matched: AlarmLevel | null = null;
  for (const level of ALARM_LEVELS) {
    if (days <= level.days && (matched === null || level.days < matched.days)) matched = level;
  }
  return matched;
}

export function remindLevels(remindType: string | null | undefined): number[] {
  return (remindType ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number);
}

export function shouldShowExpiryPopup(
  user: ExpiryUser | null | undefined,
  nowMs: number,
  storage: Storage = sessionStorageOf(),
): boolean {
  if (!user || !user.expireTime) return false;
  if (matchLevel(user.accountSurplusDay) === null) return false;
  const next = storage.getItem(NEXT_REMIND_KEY);
  if (next === null || next === '') return true;
  if (next === NO_MORE_REMINDERS) return false;
  const due = Number(next);
  return !Number.isFinite(due) || due <= nowMs;
}

/** Called when the popup closes; returns the next reminder time, or null when none is due this session. */
export function scheduleNextReminder(
  user: ExpiryUser,
  closedAtMs: number,
  storage: Storage = sessionStorageOf(),
): number | null {
  const level = matchLevel(user.accountSurplusDay);
  if (level !== null && remindLevels(user.remindType).includes(level.level)) {
    const next = closedAtMs + level.seconds * 1000;
    storage.setItem(NEXT_REMIND_KEY, String(next));
    return next;
  }
  storage.setItem(NEXT_REMIND_KEY, NO_MORE_REMINDERS);
  return null;
}

export interface ExpiryPopupInfo {
  level: AlarmLevel;
  expireTime: string;
  /** Days left; negative once expired. */
  days: number;
  /** Call when the user closes the popup (a returned promise settling counts too). */
  onClose: () => void;
}

export interface ExpiryWatchOptions {
  getUser: () => ExpiryUser | null | undefined;
  open: (info: ExpiryPopupInfo) => void | Promise<unknown>;
  intervalMs?: number;
  now?: () => number;
  storage?: Storage;
}

/** Checks at once and every intervalMs (10 s); opens the popup when due, never twice at a time. */
export function startExpiryWatch(options: ExpiryWatchOptions): () => void {
  const { getUser, open, intervalMs = EXPIRY_POLL_MS, now = Date.now } = options;
  const storage = () => options.storage ?? sessionStorageOf();
  let popupOpen = false;
  let stopped = false;

  const check = () => {
    if (stopped || popupOpen) return;
    const user = getUser();
    if (!user || !shouldShowExpiryPopup(user, now(), storage())) return;
    const level = matchLevel(user.accountSurplusDay) as AlarmLevel;
    popupOpen = true;
    let closed = false;
    const onClose = () => {
      if (closed) return;
      closed = true;
      popupOpen = false;
      scheduleNextReminder(user, now(), storage());
    };
    const result = open({
      level,
      expireTime: user.expireTime as string,
      days: user.accountSurplusDay as number,
      onClose,
    });
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(onClose, onClose);
    }
  };

  check();
  const timer = setInterval(check, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
