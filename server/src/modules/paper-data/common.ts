import { conflict } from '../modeling/common';

/**
 * Runs a write; a unique-index violation (two requests racing past the pre-check) becomes the
 * 4009 the pre-check would give.
 */
export async function guardUniqueAs<T>(messages: Record<string, string>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
    if (code !== '23505') throw error;
    throw conflict((typeof constraint === 'string' ? messages[constraint] : undefined) ?? '数据已存在，请勿重复提交');
  }
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
