import type { Db } from '../../db';
import type { FileType } from '../../db/schema';
import type { Scope } from '../../plugins/auth';

export interface StoredFileRow {
  url: string;
  storageKey: string;
  originalName: string;
  mime: string;
  size: number;
}

export async function insertFile(
  db: Db,
  scope: Scope,
  file: { type: FileType; url: string; storageKey: string; fileName: string; originalName: string; mime: string; size: number; appId: string },
): Promise<void> {
  await db
    .insertInto('file_object')
    .values({
      enterprise_id: scope.enterpriseId,
      org_id: scope.orgId,
      user_id: scope.userId,
      type: file.type,
      url: file.url,
      storage_key: file.storageKey,
      file_name: file.fileName,
      original_name: file.originalName,
      mime: file.mime,
      size: file.size,
      app_id: file.appId,
    })
    .execute();
}

/** A file of the scope's factory by its url; other tenants' files do not exist here. */
export async function findFile(db: Db, scope: Scope, url: string): Promise<StoredFileRow | undefined> {
  return db
    .selectFrom('file_object')
    .select(['url', 'storage_key as storageKey', 'original_name as originalName', 'mime', 'size'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('url', '=', url)
    .executeTakeFirst();
}
