import type { CareKind } from '@core/contracts/device-care';
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import { requireRows } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';

/** The factory's schemes or plans `ids` of one kind (id and name), or 4004: the other kind's rows are not found either. */
export async function requireKindRows(trx: Db, table: 'care_scheme' | 'care_plan', kind: CareKind, scope: Scope, ids: number[], message: string): Promise<Array<{ id: number; name: string }>> {
  const rows = await requireRows(trx, table, ['id', 'name', 'kind'], scope, ids, message);
  if (rows.some((row) => row.kind !== kind)) throw notFound(message);
  return rows;
}
