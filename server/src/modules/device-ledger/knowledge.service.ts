import type { CreateKnowledgeRequest, Knowledge, UpdateKnowledgeRequest } from '@core/contracts/device-ledger';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { requireIds, text } from '../../lib/rows';
import { deleteLogged, FactoryEntity, factoryList, insertRow, requireRow, type RowOf, updateRow } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { storedDocuments } from './documents';

export const KnowledgeMessages = {
  notFound: '知识条目不存在',
  typeNotFound: '设备类型不存在',
} as const;

export const KNOWLEDGE_LIST = factoryList('k', {
  filters: {
    keyword: { column: 'k.search_text', kind: 'like', label: '关键词' },
    deviceTypeId: { column: 'k.device_type_id', kind: 'in', label: '设备类型', integer: true },
  },
  sorts: { id: 'k.id', faultSymptom: 'k.fault_symptom', updateTime: 'k.updated_at' },
  defaultSort: { field: 'updateTime', direction: 'desc' },
});

function knowledgeQuery(db: Db) {
  return db
    .selectFrom('device_knowledge as k')
    .leftJoin('device_type as t', 't.id', 'k.device_type_id')
    .select([
      'k.id',
      'k.fault_symptom as faultSymptom',
      'k.cause',
      'k.remedy',
      'k.device_type_id as deviceTypeId',
      't.name as deviceTypeName',
      'k.keywords',
      'k.files',
      'k.created_by_name as createdByName',
      'k.created_at as createdAt',
      'k.updated_at as updatedAt',
    ]);
}

function toKnowledge(row: RowOf<typeof knowledgeQuery>): Knowledge {
  const { createdAt, updatedAt, deviceTypeName, ...rest } = row;
  return { ...rest, deviceTypeName: deviceTypeName ?? '', createTime: formatDateTime(createdAt), updateTime: formatDateTime(updatedAt) };
}

async function knowledgeValues(db: Db, scope: Scope, request: CreateKnowledgeRequest, kept: Knowledge['files'] = []) {
  await requireIds(db, 'device_type', scope, [request.deviceTypeId], KnowledgeMessages.typeNotFound);
  const files = await storedDocuments(db, scope, request.files ?? [], kept);
  return {
    fault_symptom: request.faultSymptom.trim(),
    cause: request.cause.trim(),
    remedy: request.remedy.trim(),
    device_type_id: request.deviceTypeId ?? null,
    keywords: text(request.keywords),
    files: JSON.stringify(files),
  };
}

/** 知识库: fault symptom → cause → remedy, for a device type or any, with files; searched by 关键词. */
export class KnowledgeService extends FactoryEntity({ query: knowledgeQuery, alias: 'k', list: KNOWLEDGE_LIST, toView: toKnowledge, notFound: KnowledgeMessages.notFound }) {
  async create(scope: Scope, request: CreateKnowledgeRequest, context: OperationContext): Promise<{ id: number }> {
    return this.db.transaction().execute(async (trx) => {
      const author = await trx.selectFrom('app_user').select('nick_name').where('id', '=', scope.userId).executeTakeFirst();
      const id = await insertRow(trx, 'device_knowledge', scope, { ...(await knowledgeValues(trx, scope, request)), created_by_name: author?.nick_name ?? '' });
      await recordOperation(trx, context, { ...scope, content: `新增知识条目：${request.faultSymptom.trim()}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateKnowledgeRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const old = await requireRow(trx, 'device_knowledge', ['files'], scope, request.id, KnowledgeMessages.notFound);
      await updateRow(trx, 'device_knowledge', scope, request.id, await knowledgeValues(trx, scope, request, old.files));
      await recordOperation(trx, context, { ...scope, content: `编辑知识条目：${request.faultSymptom.trim()}` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return deleteLogged(this.db, { table: 'device_knowledge', label: 'fault_symptom', log: '知识条目', notFound: KnowledgeMessages.notFound }, scope, ids, context);
  }
}
