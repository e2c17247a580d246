/** ISO 8601 times with an offset ↔ whole minutes since the Unix epoch. */

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})$/;

export type TimeProblem = 'format' | 'minute';

/** Minutes since the epoch, or the problem: not an ISO time with an offset, or not a whole minute. */
export function parseMinutes(text: unknown): number | TimeProblem {
  if (typeof text !== 'string') return 'format';
  const m = ISO.exec(text);
  if (!m) return 'format';
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return 'format';
  const local = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(local).getUTCDate() !== day) return 'format';
  if ((m[6] !== undefined && Number(m[6]) > 59) || m[8] === undefined) return 'format';
  if ((m[6] !== undefined && Number(m[6]) !== 0) || (m[7] !== undefined && Number(m[7]) !== 0)) return 'minute';
  return local / 60_000 - offsetMinutes(m[8]);
}

/** The offset in minutes of an ISO offset suffix ('Z', '+08:00', '-05:30'). */
function offsetMinutes(suffix: string): number {
  if (suffix === 'Z') return 0;
  const sign = suffix[0] === '-' ? -1 : 1;
  return sign * (Number(suffix.slice(1, 3)) * 60 + Number(suffix.slice(4, 6)));
}

/** Writes minutes with the offset of `like` (an ISO time whose offset the plan repeats). */
export function minuteFormatter(like: string): (minutes: number) => string {
  const suffix = ISO.exec(like)?.[8] ?? 'Z';
  const offset = offsetMinutes(suffix);
  return (minutes) => new Date((minutes + offset) * 60_000).toISOString().slice(0, 16) + ':00' + suffix;
}
