/** Spec §5: values of 10000 and above are shown in ten-thousands with two decimals (12345 → 1.23万). */
export function formatTenThousands(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  if (number < 10_000) return String(value);
  return `${(number / 10_000).toFixed(2)}万`;
}
