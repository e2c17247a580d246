function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `yyyy-MM-dd HH:mm:ss` in server local time, as every API returns times. */
export function formatDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
