import { sql } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import type { ImportResult } from '@core/contracts/files';
import type { ClassUser, CreateClassUserRequest, CreateExchangeRequest, ShiftExchange, UpdateClassUserRequest } from '@core/contracts/shifts';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { ImportMessages, runImport, type ImportColumn, type ImportRowError } from '../../lib/excel-import';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { requireDate , UNIQUE_MESSAGES } from './common';
import { conflict, notFound, validation } from '../../lib/errors';
import { formatDateTime } from '../../lib/datetime';
import { summary, text, factoryUsers, scopedNames } from '../../lib/rows';
import { factoryList, inScope, insertRow, refuseTaken, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const ClassUserMessages = {
  notFound: '排班人员不存在',
  userNotFound: '人员不在当前工厂',
  shiftNotFound: '班次不存在',
  teamNotFound: '班组不存在',
  taken: (name: string) => `人员「${name}」已排班，请直接编辑`,
  sameUser: '调班双方不能是同一人',
  notScheduled: (name: string) => `人员「${name}」尚未排班，无法调班`,
  sameShift: '调班双方班次相同，无需调班',
  exchanged: (name: string, date: string) => `人员「${name}」在 ${date} 已有调班记录`,
} as const;

export const CLASS_USER_LIST = factoryList('cu', {
  filters: {
    nickName: { column: 'u.nick_name', kind: 'like', label: '姓名' },
    classTimeId: { column: 'cu.class_time_id', kind: 'in', label: '班次', integer: true },
    teamId: { column: 'cu.team_id', kind: 'in', label: '班组', integer: true },
  },
  sorts: { id: 'cu.id', nickName: 'u.nick_name', createTime: 'cu.created_at' },
  defaultSort: { field: 'id', direction: 'asc' },
});

export const EXCHANGE_LIST = factoryList('e', {
  filters: {
    nickName: { column: 'u.nick_name', kind: 'like', label: '姓名' },
    exchangeDate: { column: 'e.exchange_date', kind: 'dateRange', label: '调班日期', day: true },
  },
  sorts: { id: 'e.id', exchangeDate: 'e.exchange_date', createTime: 'e.created_at' },
  defaultSort: { field: 'exchangeDate', direction: 'desc' },
});

type ClassUserImportKey = 'userName' | 'className' | 'teamName' | 'remark';
export const CLASS_USER_IMPORT_COLUMNS: ReadonlyArray<ImportColumn<ClassUserImportKey>> = [
  { key: 'userName', header: '账号', required: true, maxLength: 50 },
  { key: 'className', header: '班次', required: true, maxLength: 20 },
  { key: 'teamName', header: '班组', maxLength: 20 },
  { key: 'remark', header: '备注', maxLength: 200 },
];

function classUserQuery(db: Db) {
  return db
    .selectFrom('class_user as cu')
    .innerJoin('app_user as u', 'u.id', 'cu.user_id')
    .innerJoin('class_time as c', 'c.id', 'cu.class_time_id')
    .leftJoin('class_team as t', 't.id', 'cu.team_id')
    .select([
      'cu.id',
      'cu.user_id as userId',
      'u.username as userName',
      'u.nick_name as nickName',
      'cu.class_time_id as classTimeId',
      'c.name as className',
      'cu.team_id as teamId',
      't.name as teamName',
      'cu.remark',
      'cu.created_at as createdAt',
      'cu.updated_at as updatedAt',
    ]);
}
type ClassUserRow = RowOf<typeof classUserQuery>;

function toClassUser(row: ClassUserRow): ClassUser {
  const { createdAt, updatedAt, teamName, ...rest } = row;
  return { ...rest, teamName: teamName ?? '', createTime: formatDateTime(createdAt), updateTime: formatDateTime(updatedAt) };
}

function exchangeQuery(db: Db) {
  return db
    .selectFrom('shift_exchange as e')
    .innerJoin('app_user as u', 'u.id', 'e.user_id')
    .innerJoin('app_user as tu', 'tu.id', 'e.target_user_id')
    .innerJoin('class_time as c', 'c.id', 'e.class_time_id')
    .innerJoin('class_time as tc', 'tc.id', 'e.target_class_time_id')
    .select([
      'e.id',
      sql<string>`to_char(e.exchange_date, 'YYYY-MM-DD')`.as('exchangeDate'),
      'e.user_id as userId',
      'u.nick_name as nickName',
      'c.name as className',
      'e.target_user_id as targetUserId',
      'tu.nick_name as targetNickName',
      'tc.name as targetClassName',
      'e.reason',
      'e.created_at as createdAt',
    ]);
}
type ExchangeRow = RowOf<typeof exchangeQuery>;

function toExchange(row: ExchangeRow): ShiftExchange {
  const { createdAt, ...rest } = row;
  return { ...rest, createTime: formatDateTime(createdAt) };
}

/** Class users (排班人员: who works which shift in which team), their import, and shift exchanges (调班). */
export class ClassUserService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<ClassUser>> {
    return runList(this.db, classUserQuery(this.db), CLASS_USER_LIST, scope, params, toClassUser);
  }

  private async checkRefs(db: Db, scope: Scope, request: CreateClassUserRequest): Promise<{ userName: string; className: string; teamName: string }> {
    const userName = (await factoryUsers(db, scope, [request.userId])).get(request.userId);
    if (userName === undefined) throw notFound(ClassUserMessages.userNotFound);
    const className = (await scopedNames(db, 'class_time', scope, [request.classTimeId])).get(request.classTimeId);
    if (className === undefined) throw notFound(ClassUserMessages.shiftNotFound);
    const teamName = request.teamId ? (await scopedNames(db, 'class_team', scope, [request.teamId])).get(request.teamId) : '';
    if (teamName === undefined) throw notFound(ClassUserMessages.teamNotFound);
    return { userName, className, teamName };
  }

  async create(scope: Scope, request: CreateClassUserRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const names = await this.checkRefs(trx, scope, request);
      await refuseTaken(trx, 'class_user', 'user_id', scope, request.userId, ClassUserMessages.taken(names.userName));
      const id = await insertRow(trx, 'class_user', scope, {
        user_id: request.userId,
        class_time_id: request.classTimeId,
        team_id: request.teamId ?? null,
        remark: text(request.remark),
      });
      await recordOperation(trx, context, { ...scope, content: `新增排班人员：${names.userName}（${names.className}${names.teamName ? `，${names.teamName}` : ''}）` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateClassUserRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const found = await trx.selectFrom('class_user').select('id').where(inScope(scope)).where('id', '=', request.id).executeTakeFirst();
      if (!found) throw notFound(ClassUserMessages.notFound);
      const names = await this.checkRefs(trx, scope, request);
      await refuseTaken(trx, 'class_user', 'user_id', scope, request.userId, ClassUserMessages.taken(names.userName), request.id);
      await updateRow(trx, 'class_user', scope, request.id, { user_id: request.userId, class_time_id: request.classTimeId, team_id: request.teamId ?? null, remark: text(request.remark) });
      await recordOperation(trx, context, { ...scope, content: `编辑排班人员：${names.userName}（${names.className}${names.teamName ? `，${names.teamName}` : ''}）` });
    });
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('class_user as cu')
        .innerJoin('app_user as u', 'u.id', 'cu.user_id')
        .select(['cu.id', 'u.nick_name'])
        .where(inScope(scope, 'cu'))
        .where('cu.id', 'in', ids)
        .execute();
      if (rows.length !== ids.length) throw notFound(ClassUserMessages.notFound);
      await trx.deleteFrom('class_user').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除排班人员：${summary(rows.map((row) => row.nick_name))}` });
      return { deleted: ids.length };
    });
  }

  async import(scope: Scope, filePath: string, context: OperationContext): Promise<ImportResult> {
    const [users, shifts, teams] = await Promise.all([
      this.db
        .selectFrom('user_org as uo')
        .innerJoin('app_user as u', 'u.id', 'uo.user_id')
        .select(['u.id', 'u.username', 'u.nick_name'])
        .where(inScope(scope, 'uo'))
        .execute(),
      this.db.selectFrom('class_time').select(['id', 'name']).where(inScope(scope)).execute(),
      this.db.selectFrom('class_team').select(['id', 'name']).where(inScope(scope)).execute(),
    ]);
    const userByName = new Map(users.map((user) => [user.username, user.id]));
    const shiftByName = new Map(shifts.map((shift) => [shift.name, shift.id]));
    const teamByName = new Map(teams.map((team) => [team.name, team.id]));
    type Record = { user_id: number; class_time_id: number; team_id: number | null; remark: string };
    const result = await runImport<ClassUserImportKey, Record>(this.db, filePath, {
      columns: CLASS_USER_IMPORT_COLUMNS,
      validateRow: (values) => {
        const userId = userByName.get(values.userName);
        if (userId === undefined) return `账号「${values.userName}」不在当前工厂`;
        const classTimeId = shiftByName.get(values.className);
        if (classTimeId === undefined) return `班次「${values.className}」不存在`;
        const teamId = values.teamName ? teamByName.get(values.teamName) : null;
        if (teamId === undefined) return `班组「${values.teamName}」不存在`;
        return { user_id: userId, class_time_id: classTimeId, team_id: teamId, remark: values.remark };
      },
      validateAll: (records) => {
        const errors: ImportRowError[] = [];
        const firstRow = new Map<number, number>();
        for (const { row, record } of records) {
          const first = firstRow.get(record.user_id);
          if (first !== undefined) errors.push({ row, message: `账号与第${first}行重复` });
          else firstRow.set(record.user_id, row);
        }
        return errors;
      },
      write: async (trx, records) => {
        // Importing a user already scheduled moves them to the imported shift and team.
        await trx
          .insertInto('class_user')
          .values(records.map((record) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, ...record })))
          .onConflict((oc) =>
            oc.columns(['enterprise_id', 'org_id', 'user_id']).doUpdateSet((eb) => ({
              class_time_id: eb.ref('excluded.class_time_id'),
              team_id: eb.ref('excluded.team_id'),
              remark: eb.ref('excluded.remark'),
              updated_at: new Date(),
            })),
          )
          .execute();
        await recordOperation(trx, context, { ...scope, content: `导入排班人员：${records.length}人` });
      },
    });
    return { ...result, message: result.failures.length > 0 ? ImportMessages.failed(new Set(result.failures.map((f) => f.row)).size) : '导入成功' };
  }

  // ---- shift exchange ----

  listExchanges(scope: Scope, params: ListParams): Promise<PageResult<ShiftExchange>> {
    return runList(this.db, exchangeQuery(this.db), EXCHANGE_LIST, scope, params, toExchange);
  }

  /** Swaps two scheduled users' shifts on one date, recorded (the standing schedule is unchanged). */
  async exchange(scope: Scope, request: CreateExchangeRequest, context: OperationContext): Promise<{ id: number }> {
    const date = requireDate(request.exchangeDate, '调班日期');
    if (request.userId === request.targetUserId) throw validation(ClassUserMessages.sameUser);
    return this.db.transaction().execute(async (trx) => {
      const users = await factoryUsers(trx, scope, [request.userId, request.targetUserId]);
      if (users.size !== 2) throw notFound(ClassUserMessages.userNotFound);
      const scheduled = await trx
        .selectFrom('class_user as cu')
        .innerJoin('class_time as c', 'c.id', 'cu.class_time_id')
        .select(['cu.user_id', 'cu.class_time_id', 'c.name'])
        .where(inScope(scope, 'cu'))
        .where('cu.user_id', 'in', [request.userId, request.targetUserId])
        .execute();
      const mine = scheduled.find((row) => row.user_id === request.userId);
      const theirs = scheduled.find((row) => row.user_id === request.targetUserId);
      if (!mine) throw conflict(ClassUserMessages.notScheduled(users.get(request.userId)!));
      if (!theirs) throw conflict(ClassUserMessages.notScheduled(users.get(request.targetUserId)!));
      if (mine.class_time_id === theirs.class_time_id) throw validation(ClassUserMessages.sameShift);
      const already = await trx
        .selectFrom('shift_exchange')
        .select(['user_id', 'target_user_id'])
        .where(inScope(scope))
        .where('exchange_date', '=', date)
        .where((eb) =>
          eb.or([
            eb('user_id', 'in', [request.userId, request.targetUserId]),
            eb('target_user_id', 'in', [request.userId, request.targetUserId]),
          ]),
        )
        .executeTakeFirst();
      if (already) {
        const busy = [already.user_id, already.target_user_id].find((id) => id === request.userId || id === request.targetUserId)!;
        throw conflict(ClassUserMessages.exchanged(users.get(busy)!, date));
      }
      const id = await insertRow(trx, 'shift_exchange', scope, {
        exchange_date: date,
        user_id: request.userId,
        class_time_id: mine.class_time_id,
        target_user_id: request.targetUserId,
        target_class_time_id: theirs.class_time_id,
        reason: text(request.reason),
        created_by: scope.userId,
      });
      await recordOperation(trx, context, {
        ...scope,
        content: `调班：${date} ${users.get(request.userId)}（${mine.name}）↔ ${users.get(request.targetUserId)}（${theirs.name}）`,
      });
      return { id };
    });
  }
}
