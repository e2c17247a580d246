import { DEVICE_STATUS } from '@core/enums';

/** Colour of each status (spec §4 codes): running green, fault red, standby amber, in use blue, idle grey-blue, not online grey. */
export const STATUS_COLORS: Record<number, string> = {
  1: '#8c9bb0',
  2: '#1677ff',
  3: '#52c41a',
  4: '#faad14',
  5: '#f5222d',
  6: '#bfbfbf',
};

export const STATUS_LIST = DEVICE_STATUS.values.map((value) => ({ value, label: DEVICE_STATUS.label(value), color: STATUS_COLORS[value]! }));

export const statusLabel = (status: number) => DEVICE_STATUS.label(status);

/** Milliseconds → 'X天Y小时' / 'Y小时Z分' / 'Z分' for a tile. */
export function durationLabel(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}天${hours}小时`;
  if (hours > 0) return `${hours}小时${minutes % 60}分`;
  return `${minutes}分`;
}
