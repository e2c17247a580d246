import type { Migration } from 'kysely/migration';
import { skeleton } from './0001_skeleton';

/** Every migration in order; names sort lexically and must never change once shipped. */
export const migrations: Record<string, Migration> = {
  '0001_skeleton': skeleton,
};
