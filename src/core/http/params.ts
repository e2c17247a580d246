export type QueryValue = string | number | boolean | null | undefined | Date | readonly unknown[];
export type QueryParams = Record<string, unknown>;

function normalize(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) {
    return value
      .map((item) => (typeof item === 'string' ? item.trim() : item))
      .filter((item) => item !== null && item !== undefined && item !== '')
      .join(',');
  }
  return value;
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * Spec §7: query params are trimmed, arrays comma-joined, and on GET empty values are dropped
 * (an empty array counts as empty).
 */
export function prepareParams(params: QueryParams | undefined, dropEmpty: boolean): QueryParams | undefined {
  if (!params) return undefined;
  const result: QueryParams = {};
  for (const [key, raw] of Object.entries(params)) {
    const value = normalize(raw);
    if (dropEmpty && isEmpty(value)) continue;
    result[key] = value;
  }
  return result;
}
