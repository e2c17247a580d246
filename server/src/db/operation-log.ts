import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Where a write came from: recorded with every write (spec §7 operation log). */
export interface OperationContext {
  path: string;
  /** 1 platform (PC), 2 all-in-one machine, 3 mobile. */
  source: number;
  /** System id of the caller (spec §9: 12). */
  system: number;
}

export interface OperationEntry {
  enterpriseId: number;
  orgId: number;
  userId: number | null;
  content: string;
}

/** Call inside the transaction of the write it describes. */
export async function recordOperation(
  db: Kysely<Database>,
  context: OperationContext,
  entry: OperationEntry,
): Promise<void> {
  await recordOperations(db, [[context, entry]]);
}

/** Several writes at once (one multi-row insert; e.g. a batch of ERP orders). */
export async function recordOperations(db: Kysely<Database>, entries: Array<[OperationContext, OperationEntry]>): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('operation_log')
    .values(
      entries.map(([context, entry]) => ({
        enterprise_id: entry.enterpriseId,
        org_id: entry.orgId,
        user_id: entry.userId,
        operation_path: context.path,
        operation_content: entry.content,
        operation_source: context.source,
        operation_system: context.system,
      })),
    )
    .execute();
}
