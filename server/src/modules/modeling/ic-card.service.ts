import { sql, type SqlBool } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import type { CreateIcCardRequest, IcCard, UpdateIcCardRequest } from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { conflict, notFound, validation } from '../../lib/errors';
import { formatDateTime, stampsOf } from '../../lib/datetime';
import { text, flag } from '../../lib/rows';
import { deleteLogged, factoryList, inScope, insertRow, refuseTaken, type RowOf, writeUnique } from '../../lib/scoped';

export const IcCardMessages = {
  notFound: 'IC卡不存在',
  cardTaken: 'IC卡号已存在',
  userMissing: '员工不存在或不属于当前工厂',
  userHasCard: (name: string, card: string) => `员工「${name}」已绑定IC卡「${card}」`,
  notBound: '该IC卡未绑定员工',
} as const;
const UNIQUE = { ic_card_no_uq: IcCardMessages.cardTaken, ic_card_user_uq: '该员工已绑定其他IC卡' };

export const IC_CARD_LIST = factoryList('c', {
  filters: {
    cardNo: { column: 'c.card_no', kind: 'like', label: 'IC卡号' },
    nickName: { column: 'u.nick_name', kind: 'like', label: '员工姓名' },
  },
  sorts: { id: 'c.id', cardNo: 'c.card_no', bindTime: 'c.bound_at', createTime: 'c.created_at' },
  defaultSort: { field: 'cardNo', direction: 'asc' },
});

function cardQuery(db: Db) {
  return db
    .selectFrom('ic_card as c')
    .leftJoin('app_user as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.card_no', 'c.user_id', 'u.username', 'u.nick_name', 'c.bound_at', 'c.remark', 'c.created_at', 'c.updated_at']);
}
type CardRow = RowOf<typeof cardQuery>;
function toCard(row: CardRow): IcCard {
  return {
    id: row.id,
    cardNo: row.card_no,
    userId: row.user_id,
    username: row.username ?? '',
    nickName: row.nick_name ?? '',
    bindTime: row.bound_at ? formatDateTime(row.bound_at) : '',
    remark: row.remark,
    ...stampsOf(row),
  };
}

/** The staff member (of the scope's factory) a card is bound to; 4000 when unknown here. */
async function staff(db: Db, scope: Scope, userId: number): Promise<{ nickName: string }> {
  const row = await db
    .selectFrom('user_org as uo')
    .innerJoin('app_user as u', 'u.id', 'uo.user_id')
    .select('u.nick_name')
    .where(inScope(scope, 'uo'))
    .where('uo.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw validation(IcCardMessages.userMissing);
  return { nickName: row.nick_name };
}

async function checkUserFree(db: Db, scope: Scope, userId: number, nickName: string, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom('ic_card')
    .select('card_no')
    .where(inScope(scope))
    .where('user_id', '=', userId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const other = await query.executeTakeFirst();
  if (other) throw conflict(IcCardMessages.userHasCard(nickName, other.card_no));
}

async function findCard(db: Db, scope: Scope, id: number) {
  const row = await db
    .selectFrom('ic_card')
    .select(['id', 'card_no', 'user_id'])
    .where(inScope(scope))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(IcCardMessages.notFound);
  return row;
}

/** IC cards (card no unique per factory), each bound to at most one staff member and vice versa. */
export class IcCardService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<IcCard>> {
    const bound = flag(params.bound);
    let base = cardQuery(this.db);
    if (bound !== undefined) base = base.where(sql<SqlBool>`c.user_id is ${bound ? sql`not null` : sql`null`}`);
    return runList(this.db, base, IC_CARD_LIST, scope, params, toCard);
  }

  async create(scope: Scope, request: CreateIcCardRequest, context: OperationContext): Promise<{ id: number }> {
    const cardNo = request.cardNo.toUpperCase();
    return writeUnique(this.db, UNIQUE, async (trx) => {
      await refuseTaken(trx, 'ic_card', 'card_no', scope, cardNo, IcCardMessages.cardTaken);
      const userId = request.userId ?? null;
      const person = userId === null ? null : await staff(trx, scope, userId);
      if (userId !== null) await checkUserFree(trx, scope, userId, person!.nickName);
      const id = await insertRow(trx, 'ic_card', scope, { card_no: cardNo, user_id: userId, bound_at: userId === null ? null : new Date(), remark: text(request.remark) });
      await recordOperation(trx, context, { ...scope, content: `新增IC卡：${cardNo}${person ? `（绑定 ${person.nickName}）` : ''}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateIcCardRequest, context: OperationContext): Promise<void> {
    const cardNo = request.cardNo.toUpperCase();
    await writeUnique(this.db, UNIQUE, async (trx) => {
      const old = await findCard(trx, scope, request.id);
      await refuseTaken(trx, 'ic_card', 'card_no', scope, cardNo, IcCardMessages.cardTaken, request.id);
      const userId = request.userId === undefined ? old.user_id : request.userId;
      if (userId !== null && userId !== old.user_id) {
        const person = await staff(trx, scope, userId);
        await checkUserFree(trx, scope, userId, person.nickName, request.id);
      }
      await trx
        .updateTable('ic_card')
        .set({
          card_no: cardNo,
          user_id: userId,
          bound_at: userId === null ? null : userId === old.user_id ? undefined : new Date(),
          remark: text(request.remark),
          updated_at: new Date(),
        })
        .where('id', '=', request.id)
        .execute();
      await recordOperation(trx, context, { ...scope, content: `编辑IC卡：${cardNo}${old.card_no === cardNo ? '' : `（原卡号 ${old.card_no}）`}` });
    });
  }

  async bind(scope: Scope, id: number, userId: number, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE, async (trx) => {
      const card = await findCard(trx, scope, id);
      const person = await staff(trx, scope, userId);
      await checkUserFree(trx, scope, userId, person.nickName, id);
      await trx.updateTable('ic_card').set({ user_id: userId, bound_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute();
      await recordOperation(trx, context, { ...scope, content: `绑定IC卡：${card.card_no} → ${person.nickName}` });
    });
  }

  async unbind(scope: Scope, id: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const card = await findCard(trx, scope, id);
      if (card.user_id === null) throw conflict(IcCardMessages.notBound);
      await trx.updateTable('ic_card').set({ user_id: null, bound_at: null, updated_at: new Date() }).where('id', '=', id).execute();
      await recordOperation(trx, context, { ...scope, content: `解绑IC卡：${card.card_no}` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return deleteLogged(this.db, { table: 'ic_card', label: 'card_no', orderBy: 'card_no', log: 'IC卡', notFound: IcCardMessages.notFound }, scope, ids, context);
  }
}
