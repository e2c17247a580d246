import { sql } from 'kysely';
import { CARE_NOUN, type CareItem, type CareItemRequest, type CareKind, type CreateSchemeRequest, type Scheme, type SchemeDetail, type UpdateSchemeRequest } from '@core/contracts/device-care';
import type { PageResult } from '@core/contracts/common';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { stampsOf } from '../../lib/datetime';
import { conflict, validation } from '../../lib/errors';
import { runList, type ListParams } from '../../lib/list-query';
import { num, summary, text } from '../../lib/rows';
import { factoryList, inScope, requireOne, writeUnique } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { requireKindRows } from './kind-rows';

/** The messages of a kind's schemes (点检方案 / 保养方案). */
export const schemeMessages = (kind: CareKind) => {
  const noun = CARE_NOUN[kind];
  return {
    notFound: `${noun}方案不存在`,
    nameTaken: `${noun}方案名称已存在`,
    inUse: (scheme: string, plans: string) => `${noun}方案「${scheme}」已被计划「${plans}」使用，无法删除`,
    noBound: (index: number, name: string) => `第${index}项「${name}」请填写下限或上限`,
    boundOrder: (index: number, name: string) => `第${index}项「${name}」的下限不能大于上限`,
  };
};

export const SCHEME_LIST = factoryList('s', {
  filters: { schemeName: { column: 's.name', kind: 'like', label: '方案名称' } },
  sorts: { id: 's.id', schemeName: 's.name', createTime: 's.created_at' },
  defaultSort: { field: 'id', direction: 'desc' },
});

/** An item row (scheme or order) as the API shows it. */
export function toItem(row: {
  id: number;
  name: string;
  method: string;
  standard: string;
  value_kind: string;
  min_value: string | null;
  max_value: string | null;
  unit: string;
  normal_yes: boolean;
  photo_required: boolean;
}): CareItem {
  return {
    id: row.id,
    itemName: row.name,
    method: row.method,
    standard: row.standard,
    valueKind: row.value_kind,
    min: num(row.min_value),
    max: num(row.max_value),
    unit: row.unit,
    normalYes: row.normal_yes,
    photoRequired: row.photo_required,
  };
}

export const ITEM_COLUMNS = ['id', 'name', 'method', 'standard', 'value_kind', 'min_value', 'max_value', 'unit', 'normal_yes', 'photo_required'] as const;

function schemeQuery(db: Db, kind: CareKind) {
  return db
    .selectFrom('care_scheme as s')
    .select((eb) => [
      's.id',
      's.name',
      's.remark',
      's.created_at',
      's.updated_at',
      eb.selectFrom('care_scheme_item as i').select(sql<number>`count(*)::int`.as('n')).whereRef('i.scheme_id', '=', 's.id').as('itemCount'),
      eb.selectFrom('care_plan as p').select(sql<number>`count(*)::int`.as('n')).whereRef('p.scheme_id', '=', 's.id').as('planCount'),
    ])
    .where('s.kind', '=', kind);
}

function toScheme(row: Awaited<ReturnType<ReturnType<typeof schemeQuery>['executeTakeFirstOrThrow']>>): Scheme {
  return { id: row.id, schemeName: row.name, itemCount: Number(row.itemCount ?? 0), planCount: Number(row.planCount ?? 0), remark: row.remark, ...stampsOf(row) };
}

/** The item columns of a request, checked: a range item needs a bound, and min ≤ max. */
function itemValues(kind: CareKind, items: readonly CareItemRequest[]) {
  const messages = schemeMessages(kind);
  return items.map((item, index) => {
    const name = item.itemName.trim();
    const range = item.valueKind === 'range';
    const min = range ? (item.min ?? null) : null;
    const max = range ? (item.max ?? null) : null;
    if (range && min === null && max === null) throw validation(messages.noBound(index + 1, name));
    if (min !== null && max !== null && min > max) throw validation(messages.boundOrder(index + 1, name));
    return {
      seq: index + 1,
      name,
      method: text(item.method),
      standard: text(item.standard),
      value_kind: item.valueKind,
      min_value: min,
      max_value: max,
      unit: range ? text(item.unit) : '',
      normal_yes: item.valueKind === 'yesno' ? (item.normalYes ?? true) : true,
      photo_required: item.photoRequired ?? false,
    };
  });
}

/** 点检方案 / 保养方案 of the session's factory: a name and its items. */
export class SchemeService {
  private readonly messages: ReturnType<typeof schemeMessages>;
  private readonly noun: string;

  constructor(
    private readonly db: Db,
    private readonly kind: CareKind,
  ) {
    this.messages = schemeMessages(kind);
    this.noun = CARE_NOUN[kind];
  }

  list(scope: Scope, params: ListParams): Promise<PageResult<Scheme>> {
    return runList(this.db, schemeQuery(this.db, this.kind), SCHEME_LIST, scope, params, toScheme);
  }

  async detail(scope: Scope, id: number): Promise<SchemeDetail> {
    const scheme = toScheme(await requireOne(schemeQuery(this.db, this.kind), 's', scope, id, this.messages.notFound));
    const items = await this.db.selectFrom('care_scheme_item').select(ITEM_COLUMNS).where('scheme_id', '=', id).orderBy('seq').execute();
    return { ...scheme, items: items.map(toItem) };
  }

  async create(scope: Scope, request: CreateSchemeRequest, context: OperationContext): Promise<{ id: number }> {
    const items = itemValues(this.kind, request.items);
    return writeUnique(this.db, { care_scheme_name_uq: this.messages.nameTaken }, async (trx) => {
      const name = request.schemeName.trim();
      const { id } = await trx
        .insertInto('care_scheme')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, kind: this.kind, name, remark: text(request.remark) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('care_scheme_item').values(items.map((item) => ({ ...item, scheme_id: id }))).execute();
      await recordOperation(trx, context, { ...scope, content: `新增${this.noun}方案：${name}（${items.length}项）` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateSchemeRequest, context: OperationContext): Promise<void> {
    const items = itemValues(this.kind, request.items);
    await writeUnique(this.db, { care_scheme_name_uq: this.messages.nameTaken }, async (trx) => {
      await this.requireOwn(trx, scope, [request.id]);
      const name = request.schemeName.trim();
      await trx
        .updateTable('care_scheme')
        .set({ name, remark: text(request.remark), updated_at: new Date() })
        .where(inScope(scope))
        .where('id', '=', request.id)
        .execute();
      // Orders already made keep the items they were made with (copied); new orders take these.
      await trx.deleteFrom('care_scheme_item').where('scheme_id', '=', request.id).execute();
      await trx.insertInto('care_scheme_item').values(items.map((item) => ({ ...item, scheme_id: request.id }))).execute();
      await recordOperation(trx, context, { ...scope, content: `编辑${this.noun}方案：${name}（${items.length}项）` });
    });
  }

  /** A scheme a plan uses is refused (4009) naming the plans. */
  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await this.requireOwn(trx, scope, ids);
      const used = await trx.selectFrom('care_plan').select(['scheme_id', 'name']).where('scheme_id', 'in', ids).orderBy('id').execute();
      if (used.length > 0) {
        const scheme = rows.find((row) => row.id === used[0]!.scheme_id)!;
        throw conflict(this.messages.inUse(scheme.name, summary(used.filter((plan) => plan.scheme_id === scheme.id).map((plan) => plan.name))));
      }
      await trx.deleteFrom('care_scheme').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除${this.noun}方案：${summary(rows.map((row) => row.name))}` });
      return { deleted: ids.length };
    });
  }

  private requireOwn(trx: Db, scope: Scope, ids: number[]) {
    return requireKindRows(trx, 'care_scheme', this.kind, scope, ids, this.messages.notFound);
  }
}
