import { guardUnique } from '../../lib/unique';

/** A write whose unique-index violations become 4009 with the given index → message map. */
export function guardUniqueAs<T>(messages: Record<string, string>, write: () => Promise<T>): Promise<T> {
  return guardUnique(write, messages);
}

/** numeric columns come back as strings. */
export function num(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/** `true`/`false` filter values (query strings arrive as text). */
export function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  return undefined;
}
