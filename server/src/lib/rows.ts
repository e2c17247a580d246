import { sql } from 'kysely';
import type { Db } from '../db';
import type { Scope } from '../plugins/auth';
import { notFound } from './errors';

/** Scoped master-data tables that carry enterprise_id / org_id / id. */
export type ScopedTable =
  | 'workshop'
  | 'device_type'
  | 'device'
  | 'process_group'
  | 'process'
  | 'process_flow'
  | 'product_classify'
  | 'product';

/** Which of `ids` exist in the scope's factory. */
export async function existingIds(db: Db, table: ScopedTable, scope: Scope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Throws 4004 with `message` unless every id (nulls skipped) is in the scope's factory. */
export async function requireIds(db: Db, table: ScopedTable, scope: Scope, ids: Array<number | null | undefined>, message: string): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const found = await existingIds(db, table, scope, wanted);
  if (wanted.some((id) => !found.has(id))) throw notFound(message);
}

/** Throws 4004 with `message` unless every url is an image uploaded in the scope's enterprise (type 0). */
export async function requireImages(db: Db, scope: Scope, urls: readonly string[], message: string): Promise<void> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return;
  const found = await db
    .selectFrom('file_object')
    .select('url')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('type', '=', 0)
    .where('url', 'in', wanted)
    .execute();
  if (found.length !== wanted.length) throw notFound(message);
}

/**
 * The files of `urls` uploaded in the scope's factory (what its download route serves), with the
 * names they were uploaded with, in the order given (repeats dropped); 4004 with `message` unless
 * every one exists.
 */
export async function storedFiles(db: Db, scope: Scope, urls: readonly string[], message: string): Promise<Array<{ url: string; name: string }>> {
  const wanted = [...new Set(urls)];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('file_object')
    .select(['url', 'original_name as name'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('url', 'in', wanted)
    .execute();
  const names = new Map(rows.map((row) => [row.url, row.name]));
  if (wanted.some((url) => !names.has(url))) throw notFound(message);
  return wanted.map((url) => ({ url, name: names.get(url)! }));
}

/** Names of scoped rows by id, for log lines and messages. */
export async function namesOf(
  db: Db,
  table: ScopedTable,
  nameColumn: 'name' | 'device_no' | 'product_no' | 'code',
  scope: Scope,
  ids: number[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(nameColumn)}`.as('label'))
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.label);
}

/** A short list for log lines: 「a、b、c」 or 「a、b 等 12 项」. */
export function summary(labels: string[], max = 5): string {
  return labels.length <= max ? labels.join('、') : `${labels.slice(0, max).join('、')} 等 ${labels.length} 项`;
}

/** Trimmed optional text ('' when absent). */
export function text(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/** Builds a tree from flat rows (unknown parents become roots), keeping row order among siblings. */
export function buildTree<R extends { id: number; parentId: number | null }, N>(rows: R[], toNode: (row: R) => N, childrenOf: (node: N) => N[]): N[] {
  const nodes = new Map(rows.map((row) => [row.id, toNode(row)]));
  const roots: N[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) childrenOf(parent).push(node);
    else roots.push(node);
  }
  return roots;
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

/** Users of the scope's factory by id → nick name (those not in the factory are missing). */
export async function factoryUsers(db: Db, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_org as uo')
    .innerJoin('app_user as u', 'u.id', 'uo.user_id')
    .select(['u.id', 'u.nick_name'])
    .where('uo.enterprise_id', '=', scope.enterpriseId)
    .where('uo.org_id', '=', scope.orgId)
    .where('uo.user_id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.nick_name]));
}

/** The factory's enabled accounts (id, username, nick name as `name`) in id order: who the demo seeds give work to. */
export async function activePeople(db: Db, enterpriseId: number, orgId: number): Promise<Array<{ id: number; username: string; name: string }>> {
  return db
    .selectFrom('user_org as uo')
    .innerJoin('app_user as u', 'u.id', 'uo.user_id')
    .select(['u.id', 'u.username', 'u.nick_name as name'])
    .where('uo.enterprise_id', '=', enterpriseId)
    .where('uo.org_id', '=', orgId)
    .where('u.status', '=', 1)
    .orderBy('u.id')
    .execute();
}

export type NamedTable = 'class_time' | 'employee_position' | 'class_team' | 'device' | 'workshop';

/** id → name of scoped rows (ids missing from the map are not in the factory). */
export async function scopedNames(db: Db, table: NamedTable, scope: Scope, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('id', 'in', wanted)
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
