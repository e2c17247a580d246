import type { Db } from '../../db';
import { splitValues, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';

/**
 * A tree filter (device type, product classify) selects the node and everything under it: the ids
 * in `params[name]` become those ids plus their descendants in the scope's tree. Ids that are not
 * numbers are left for the list query to refuse.
 */
export async function withDescendants(db: Db, table: 'device_type' | 'product_classify', scope: Scope, params: ListParams, name: string): Promise<ListParams> {
  const raw = params[name];
  if (raw === undefined || raw === null || raw === '') return params;
  const asked = splitValues(raw);
  if (asked.some((value) => !/^\d+$/.test(value))) return params;
  const rows = await db
    .selectFrom(table)
    .select(['id', 'parent_id as parentId'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .execute();
  const children = new Map<number, number[]>();
  for (const row of rows) if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  const found = new Set<number>();
  const stack = asked.map(Number);
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return { ...params, [name]: [...found].join(',') };
}

/** Each node's own count plus its descendants' (the count a tree shows beside a node). */
export function rolledUpCounts(rows: ReadonlyArray<{ id: number; parentId: number | null }>, own: ReadonlyMap<number, number>): Map<number, number> {
  const total = new Map<number, number>();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const row of rows) {
    const count = own.get(row.id) ?? 0;
    const seen = new Set<number>();
    for (let cursor: number | null = row.id; cursor !== null && !seen.has(cursor); cursor = byId.get(cursor)?.parentId ?? null) {
      seen.add(cursor);
      total.set(cursor, (total.get(cursor) ?? 0) + count);
    }
  }
  return total;
}

/** A stream opened on first read (after async work such as withDescendants). */
export function lazyStream<R>(open: () => Promise<AsyncIterable<R>>): AsyncIterable<R> {
  return {
    async *[Symbol.asyncIterator]() {
      yield* await open();
    },
  };
}
