import type { DictView, ProcessDictEntry, SaveDictRequest, SaveUserPageConfigRequest, UserPageConfig } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { Scope } from '../../plugins/auth';
import { conflict, validation } from '../../lib/errors';
import { formatDateTime } from '../../lib/datetime';
import { inScope } from '../../lib/scoped';

export const DictMessages = {
  duplicateItem: (code: string) => `字典项编码「${code}」重复`,
  badPageConfig: '页面配置格式不正确，应为JSON字符串',
  concurrent: '字典正在被其他人修改，请刷新后重试',
} as const;

/** Dictionaries (dict type + items), the process dictionary and per-user page column settings. */
export class DictService {
  constructor(private readonly db: Db) {}

  async list(scope: Scope, dictType?: string): Promise<DictView[]> {
    let query = this.db
      .selectFrom('dict_type')
      .select(['id', 'dict_type', 'dict_name', 'updated_at'])
      .where(inScope(scope))
      .orderBy('dict_type');
    if (dictType?.trim()) query = query.where('dict_type', '=', dictType.trim());
    const types = await query.execute();
    const items =
      types.length === 0
        ? []
        : await this.db
            .selectFrom('dict_item')
            .selectAll()
            .where(
              'dict_type_id',
              'in',
              types.map((type) => type.id),
            )
            .orderBy('sort')
            .orderBy('id')
            .execute();
    return types.map((type) => ({
      id: type.id,
      dictType: type.dict_type,
      dictName: type.dict_name,
      items: items
        .filter((item) => item.dict_type_id === type.id)
        .map((item) => ({ itemCode: item.item_code, itemLabel: item.item_label, sort: item.sort, enabled: item.enabled })),
      updateTime: formatDateTime(type.updated_at),
    }));
  }

  async saveOrUpdate(scope: Scope, request: SaveDictRequest, context: OperationContext): Promise<{ id: number }> {
    const codes = request.items.map((item) => item.itemCode.trim());
    const duplicate = codes.find((code, index) => codes.indexOf(code) !== index);
    if (duplicate !== undefined) throw validation(DictMessages.duplicateItem(duplicate));
    try {
      return await this.db.transaction().execute(async (trx) => {
        const name = request.dictName.trim();
        const existing = await trx
          .selectFrom('dict_type')
          .select('id')
          .where(inScope(scope))
          .where('dict_type', '=', request.dictType)
          .forUpdate()
          .executeTakeFirst();
        let id: number;
        if (existing) {
          id = existing.id;
          await trx.updateTable('dict_type').set({ dict_name: name, updated_at: new Date() }).where('id', '=', id).execute();
          await trx.deleteFrom('dict_item').where('dict_type_id', '=', id).execute();
        } else {
          ({ id } = await trx
            .insertInto('dict_type')
            .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, dict_type: request.dictType, dict_name: name })
            .returning('id')
            .executeTakeFirstOrThrow());
        }
        if (request.items.length > 0) {
          await trx
            .insertInto('dict_item')
            .values(
              request.items.map((item, index) => ({
                dict_type_id: id,
                item_code: item.itemCode.trim(),
                item_label: item.itemLabel.trim(),
                sort: item.sort ?? index + 1,
                enabled: item.enabled ?? true,
              })),
            )
            .execute();
        }
        await recordOperation(trx, context, {
          ...scope,
          content: `${existing ? '修改' : '新增'}字典：${name}（${request.dictType}，${request.items.length}项）`,
        });
        return { id };
      });
    } catch (error) {
      // Two first saves of the same new type racing: the loser gets 4009, nothing half-written.
      if ((error as { code?: string }).code === '23505') throw conflict(DictMessages.concurrent);
      throw error;
    }
  }

  async processDict(scope: Scope): Promise<ProcessDictEntry[]> {
    const rows = await this.db
      .selectFrom('process')
      .select(['id', 'code', 'name'])
      .where(inScope(scope))
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ processId: row.id, processCode: row.code, processName: row.name }));
  }

  async findPageConfig(scope: Scope, pageKey: string): Promise<UserPageConfig> {
    const row = await this.db
      .selectFrom('user_page_config')
      .select('config')
      .where(inScope(scope))
      .where('user_id', '=', scope.userId)
      .where('page_key', '=', pageKey)
      .executeTakeFirst();
    return { pageKey, pageConfig: row?.config ?? '' };
  }

  /** Personal column settings, saved for the caller only. */
  async savePageConfig(scope: Scope, request: SaveUserPageConfigRequest, context: OperationContext): Promise<UserPageConfig> {
    try {
      JSON.parse(request.pageConfig);
    } catch {
      throw validation(DictMessages.badPageConfig);
    }
    const values = { config: request.pageConfig, updated_at: new Date() };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_page_config')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, user_id: scope.userId, page_key: request.pageKey, ...values })
        .onConflict((c) => c.columns(['enterprise_id', 'org_id', 'user_id', 'page_key']).doUpdateSet(values))
        .execute();
      await recordOperation(trx, context, { ...scope, content: `保存页面配置：${request.pageKey}` });
    });
    return { pageKey: request.pageKey, pageConfig: request.pageConfig };
  }
}
