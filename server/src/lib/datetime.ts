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

/** A row's `createTime`/`updateTime` as every API returns them (from `created_at`/`updated_at` or their camelCase aliases). */
export function stampsOf(row: { created_at: Date; updated_at: Date } | { createdAt: Date; updatedAt: Date }): { createTime: string; updateTime: string } {
  const [created, updated] = 'created_at' in row ? [row.created_at, row.updated_at] : [row.createdAt, row.updatedAt];
  return { createTime: formatDateTime(created), updateTime: formatDateTime(updated) };
}
