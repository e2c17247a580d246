import type { StoredDocument } from '@core/contracts/device-ledger';
import type { Db } from '../../db';
import { notFound } from '../../lib/errors';
import type { Scope } from '../../plugins/auth';

export const DocumentMessages = { notFound: '文件不存在，请重新上传' } as const;

/**
 * Documents of a row as they are kept: each url a file uploaded in the factory (else 4004) or one
 * the row already has (`kept`), each once, named as sent or else as uploaded.
 */
export async function storedDocuments(db: Db, scope: Scope, documents: readonly StoredDocument[], kept: readonly StoredDocument[] = []): Promise<StoredDocument[]> {
  const unique = [...new Map(documents.map((document) => [document.url, document])).values()];
  if (unique.length === 0) return [];
  const keptNames = new Map(kept.map((document) => [document.url, document.name]));
  const found = await db
    .selectFrom('file_object')
    .select(['url', 'original_name'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .where('url', 'in', unique.map((document) => document.url))
    .execute();
  const names = new Map([...keptNames, ...found.map((row) => [row.url, row.original_name] as const)]);
  return unique.map((document) => {
    const uploaded = names.get(document.url);
    if (uploaded === undefined) throw notFound(DocumentMessages.notFound);
    return { url: document.url, name: document.name.trim() || uploaded };
  });
}
