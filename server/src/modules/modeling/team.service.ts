import { sql } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import type {
  CreatePositionRequest,
  CreateTeamRequest,
  Position,
  Team,
  TeamDetail,
  TeamMember,
  UpdatePositionRequest,
  UpdateTeamRequest,
} from '@core/contracts/modeling';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import type { Scope } from '../../plugins/auth';
import { UNIQUE_MESSAGES } from './common';
import { conflict, notFound, validation } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { factoryUsers, scopedNames, summary, text } from '../../lib/rows';
import { factoryList, inScope, insertRow, refuseTaken, requireOne, type RowOf, updateRow, writeUnique } from '../../lib/scoped';

export const TeamMessages = {
  notFound: '班组不存在',
  nameTaken: '班组名称已存在',
  hasMembers: (names: string) => `班组「${names}」下存在成员，无法删除`,
  usedByClassUsers: (names: string) => `班组「${names}」已被排班人员使用，无法删除`,
  memberNotFound: '班组成员不在当前工厂',
  leaderNotFound: '班组长不在当前工厂',
  duplicateMember: '班组成员不能重复',
  workshopNotFound: '车间不存在',
  positionNotFound: '岗位不存在',
  positionTaken: '岗位名称已存在',
  positionInUse: (names: string) => `岗位「${names}」已被班组成员使用，无法删除`,
} as const;

export const TEAM_LIST = factoryList('t', {
  filters: {
    teamName: { column: 't.name', kind: 'like', label: '班组名称' },
    workshopId: { column: 't.workshop_id', kind: 'in', label: '车间', integer: true },
  },
  sorts: { id: 't.id', sort: 't.sort', teamName: 't.name', createTime: 't.created_at' },
  defaultSort: { field: 'sort', direction: 'asc' },
});

export const POSITION_LIST = factoryList('p', {
  filters: { positionName: { column: 'p.name', kind: 'like', label: '岗位名称' } },
  sorts: { id: 'p.id', sort: 'p.sort', positionName: 'p.name', createTime: 'p.created_at' },
  defaultSort: { field: 'sort', direction: 'asc' },
});

function teamQuery(db: Db) {
  return db
    .selectFrom('class_team as t')
    .leftJoin('workshop as w', 'w.id', 't.workshop_id')
    .leftJoin('app_user as l', 'l.id', 't.leader_user_id')
    .select((eb) => [
      't.id',
      't.name',
      't.workshop_id as workshopId',
      'w.name as workshopName',
      't.leader_user_id as leaderUserId',
      'l.nick_name as leaderName',
      't.remark',
      't.sort',
      't.created_at as createdAt',
      't.updated_at as updatedAt',
      eb.selectFrom('class_team_member as m').select(sql<number>`count(*)`.as('n')).whereRef('m.team_id', '=', 't.id').as('memberCount'),
    ]);
}
type TeamRow = RowOf<typeof teamQuery>;

function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    teamName: row.name,
    workshopId: row.workshopId,
    workshopName: row.workshopName ?? '',
    leaderUserId: row.leaderUserId,
    leaderName: row.leaderName ?? '',
    remark: row.remark,
    sort: row.sort,
    memberCount: Number(row.memberCount ?? 0),
    ...stampsOf(row),
  };
}

function positionQuery(db: Db) {
  return db.selectFrom('employee_position as p').select((eb) => [
    'p.id',
    'p.name',
    'p.remark',
    'p.sort',
    'p.created_at as createdAt',
    'p.updated_at as updatedAt',
    eb.selectFrom('class_team_member as m').select(sql<number>`count(*)`.as('n')).whereRef('m.position_id', '=', 'p.id').as('memberCount'),
  ]);
}
type PositionRow = RowOf<typeof positionQuery>;

function toPosition(row: PositionRow): Position {
  return {
    id: row.id,
    positionName: row.name,
    remark: row.remark,
    sort: row.sort,
    memberCount: Number(row.memberCount ?? 0),
    ...stampsOf(row),
  };
}

/** Class teams (班组) with members and positions, and the positions (岗位) themselves. */
export class TeamService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<Team>> {
    return runList(this.db, teamQuery(this.db), TEAM_LIST, scope, params, toTeam);
  }

  async detail(scope: Scope, id: number): Promise<TeamDetail> {
    const row = await requireOne(teamQuery(this.db), 't', scope, id, TeamMessages.notFound);
    const members = await this.db
      .selectFrom('class_team_member as m')
      .innerJoin('app_user as u', 'u.id', 'm.user_id')
      .leftJoin('employee_position as p', 'p.id', 'm.position_id')
      .select(['m.user_id as userId', 'u.username as userName', 'u.nick_name as nickName', 'm.position_id as positionId', 'p.name as positionName'])
      .where('m.team_id', '=', id)
      .orderBy('m.id')
      .execute();
    return { ...toTeam(row), members: members.map((member): TeamMember => ({ ...member, positionName: member.positionName ?? '' })) };
  }

  /** Checks members, leader, workshop and positions belong to the factory. */
  private async checkRefs(db: Db, scope: Scope, request: CreateTeamRequest): Promise<Array<{ user_id: number; position_id: number | null }>> {
    const members = (request.members ?? []).map((member) => ({ user_id: member.userId, position_id: member.positionId ?? null }));
    if (new Set(members.map((member) => member.user_id)).size !== members.length) throw validation(TeamMessages.duplicateMember);
    const users = await factoryUsers(db, scope, [...members.map((member) => member.user_id), ...(request.leaderUserId ? [request.leaderUserId] : [])]);
    if (members.some((member) => !users.has(member.user_id))) throw notFound(TeamMessages.memberNotFound);
    if (request.leaderUserId && !users.has(request.leaderUserId)) throw notFound(TeamMessages.leaderNotFound);
    if (request.workshopId && !(await scopedNames(db, 'workshop', scope, [request.workshopId])).has(request.workshopId)) throw notFound(TeamMessages.workshopNotFound);
    const positionIds = members.flatMap((member) => (member.position_id === null ? [] : [member.position_id]));
    const positions = await scopedNames(db, 'employee_position', scope, positionIds);
    if (positionIds.some((id) => !positions.has(id))) throw notFound(TeamMessages.positionNotFound);
    return members;
  }

  private async writeMembers(trx: Db, teamId: number, members: Array<{ user_id: number; position_id: number | null }>): Promise<void> {
    await trx.deleteFrom('class_team_member').where('team_id', '=', teamId).execute();
    if (members.length > 0) await trx.insertInto('class_team_member').values(members.map((member) => ({ team_id: teamId, ...member }))).execute();
  }

  async create(scope: Scope, request: CreateTeamRequest, context: OperationContext): Promise<{ id: number }> {
    const name = request.teamName.trim();
    if (!name) throw validation('班组名称不能为空');
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await refuseTaken(trx, 'class_team', 'name', scope, name, TeamMessages.nameTaken);
      const members = await this.checkRefs(trx, scope, request);
      const id = await insertRow(trx, 'class_team', scope, {
        name,
        workshop_id: request.workshopId ?? null,
        leader_user_id: request.leaderUserId ?? null,
        remark: text(request.remark),
        sort: request.sort ?? 0,
      });
      await this.writeMembers(trx, id, members);
      await recordOperation(trx, context, { ...scope, content: `新增班组：${name}（${members.length}人）` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateTeamRequest, context: OperationContext): Promise<void> {
    const name = request.teamName.trim();
    if (!name) throw validation('班组名称不能为空');
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const old = (await scopedNames(trx, 'class_team', scope, [request.id])).get(request.id);
      if (old === undefined) throw notFound(TeamMessages.notFound);
      await refuseTaken(trx, 'class_team', 'name', scope, name, TeamMessages.nameTaken, request.id);
      const members = await this.checkRefs(trx, scope, request);
      await trx
        .updateTable('class_team')
        .set({
          name,
          workshop_id: request.workshopId ?? null,
          leader_user_id: request.leaderUserId ?? null,
          remark: text(request.remark),
          sort: request.sort ?? 0,
          updated_at: new Date(),
        })
        .where(inScope(scope))
        .where('id', '=', request.id)
        .execute();
      // Members are replaced only when the request carries them.
      if (request.members !== undefined) await this.writeMembers(trx, request.id, members);
      await recordOperation(trx, context, { ...scope, content: `编辑班组：${name}${old === name ? '' : `（原名称 ${old}）`}` });
    });
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const names = await scopedNames(trx, 'class_team', scope, ids);
      if (names.size !== ids.length) throw notFound(TeamMessages.notFound);
      const withMembers = await trx.selectFrom('class_team_member').select('team_id').distinct().where('team_id', 'in', ids).execute();
      if (withMembers.length > 0) throw conflict(TeamMessages.hasMembers(summary(withMembers.map((row) => names.get(row.team_id)!))));
      const used = await trx.selectFrom('class_user').select('team_id').distinct().where('team_id', 'in', ids).execute();
      if (used.length > 0) throw conflict(TeamMessages.usedByClassUsers(summary(used.map((row) => names.get(row.team_id!)!))));
      await trx.deleteFrom('class_team').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除班组：${summary([...names.values()])}` });
      return { deleted: ids.length };
    });
  }

  // ---- positions ----

  listPositions(scope: Scope, params: ListParams): Promise<PageResult<Position>> {
    return runList(this.db, positionQuery(this.db), POSITION_LIST, scope, params, toPosition);
  }

  async createPosition(scope: Scope, request: CreatePositionRequest, context: OperationContext): Promise<{ id: number }> {
    const name = request.positionName.trim();
    if (!name) throw validation('岗位名称不能为空');
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await refuseTaken(trx, 'employee_position', 'name', scope, name, TeamMessages.positionTaken);
      const id = await insertRow(trx, 'employee_position', scope, { name, remark: text(request.remark), sort: request.sort ?? 0 });
      await recordOperation(trx, context, { ...scope, content: `新增岗位：${name}` });
      return { id };
    });
  }

  async updatePosition(scope: Scope, request: UpdatePositionRequest, context: OperationContext): Promise<void> {
    const name = request.positionName.trim();
    if (!name) throw validation('岗位名称不能为空');
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      const old = (await scopedNames(trx, 'employee_position', scope, [request.id])).get(request.id);
      if (old === undefined) throw notFound(TeamMessages.positionNotFound);
      await refuseTaken(trx, 'employee_position', 'name', scope, name, TeamMessages.positionTaken, request.id);
      await updateRow(trx, 'employee_position', scope, request.id, { name, remark: text(request.remark), sort: request.sort ?? 0 });
      await recordOperation(trx, context, { ...scope, content: old === name ? `编辑岗位：${name}` : `编辑岗位：${old} → ${name}` });
    });
  }

  async deletePositions(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const names = await scopedNames(trx, 'employee_position', scope, ids);
      if (names.size !== ids.length) throw notFound(TeamMessages.positionNotFound);
      const used = await trx.selectFrom('class_team_member').select('position_id').distinct().where('position_id', 'in', ids).execute();
      if (used.length > 0) throw conflict(TeamMessages.positionInUse(summary(used.map((row) => names.get(row.position_id!)!))));
      await trx.deleteFrom('employee_position').where(inScope(scope)).where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除岗位：${summary([...names.values()])}` });
      return { deleted: ids.length };
    });
  }
}
