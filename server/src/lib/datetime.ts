import { sql, type RawBuilder } from 'kysely';

/** The server's time zone (main.ts sets it from FACTORY_TIME_ZONE): wall-clock times of shifts, delivery dates and every time an API writes are in it. */
export const serverZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `yyyy-MM-dd`: the calendar day of `date` in server local time (what date columns hold). */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `yyyy-MM-dd HH:mm:ss` in server local time, as every API returns times. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * formatDateTime's text of a timestamptz column, written by the database: in serverZone (the
 * database session's zone plays no part), seconds cut as getSeconds cuts them. For rows that travel as JSON text.
 */
export function dateTimeText(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone ${serverZone()}, 'YYYY-MM-DD HH24:MI:SS')`;
}

/** A row's `createTime`/`updateTime` as every API returns them (from `created_at`/`updated_at` or their camelCase aliases). */
export function stampsOf(row: { created_at: Date; updated_at: Date } | { createdAt: Date; updatedAt: Date }): { createTime: string; updateTime: string } {
  const [created, updated] = 'created_at' in row ? [row.created_at, row.updated_at] : [row.createdAt, row.updatedAt];
  return { createTime: formatDateTime(created), updateTime: formatDateTime(updated) };
}
