import { Type, type Static } from '@sinclair/typebox';
import { ModelingAuthorities as A } from '../../access/authorities/modeling';
import { Id, IdParams, OptionalId, PageFields, PageResult, Remark, ShortText, Sort, Stamps, TextFilter, titled, updateOf } from '../common';
import { crudEndpoints, get, pathsOf } from '../endpoint';


// ---- positions (岗位) and class teams (班组) ---------------------------------------------------------

export const PositionListQuery = Type.Object({ ...PageFields, positionName: TextFilter('岗位名称') });
export type PositionListQuery = Static<typeof PositionListQuery>;
export const Position = Type.Object({
  id: Type.Integer(),
  positionName: Type.String(),
  remark: Type.String(),
  sort: Type.Integer(),
  memberCount: Type.Integer(),
  ...Stamps,
});
export type Position = Static<typeof Position>;
const PositionFields = { positionName: ShortText('岗位名称'), remark: Remark(), sort: Sort() };
export const CreatePositionRequest = Type.Object(PositionFields);
export type CreatePositionRequest = Static<typeof CreatePositionRequest>;
export const UpdatePositionRequest = updateOf(PositionFields);
export type UpdatePositionRequest = Static<typeof UpdatePositionRequest>;

export const TeamMemberInput = Type.Object({ userId: titled(Id, '用户'), positionId: OptionalId('岗位') });
export type TeamMemberInput = Static<typeof TeamMemberInput>;
export const TeamMember = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  nickName: Type.String(),
  positionId: Type.Union([Type.Integer(), Type.Null()]),
  positionName: Type.String(),
});
export type TeamMember = Static<typeof TeamMember>;

export const TeamListQuery = Type.Object({ ...PageFields, teamName: TextFilter('班组名称'), workshopId: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Integer()], { title: '车间' })) });
export type TeamListQuery = Static<typeof TeamListQuery>;
export const Team = Type.Object({
  id: Type.Integer(),
  teamName: Type.String(),
  workshopId: Type.Union([Type.Integer(), Type.Null()]),
  workshopName: Type.String(),
  leaderUserId: Type.Union([Type.Integer(), Type.Null()]),
  leaderName: Type.String(),
  remark: Type.String(),
  sort: Type.Integer(),
  memberCount: Type.Integer(),
  ...Stamps,
});
export type Team = Static<typeof Team>;
export const TeamDetail = Type.Composite([Team, Type.Object({ members: Type.Array(TeamMember) })]);
export type TeamDetail = Static<typeof TeamDetail>;
const TeamFields = {
  teamName: ShortText('班组名称'),
  workshopId: OptionalId('车间'),
  leaderUserId: OptionalId('班组长'),
  remark: Remark(),
  sort: Sort(),
  members: Type.Optional(Type.Array(TeamMemberInput, { title: '班组成员', maxItems: 500 })),
};
export const CreateTeamRequest = Type.Object(TeamFields);
export type CreateTeamRequest = Static<typeof CreateTeamRequest>;
export const UpdateTeamRequest = updateOf(TeamFields);
export type UpdateTeamRequest = Static<typeof UpdateTeamRequest>;

/** Class teams (班组) with their members, and employee positions (岗位): the 班组 tab of /modeling. */
export const TeamApi = {
  teamList: get('/dps-server/basic_class/list', { query: TeamListQuery, response: PageResult(Team), authority: A.page }),
  teamDetail: get('/dps-server/basic_class/detail/:id', { params: IdParams, response: TeamDetail, authority: A.page }),
  ...crudEndpoints('team', '/dps-server/basic_class', CreateTeamRequest, UpdateTeamRequest, { add: A.teamAdd, edit: A.teamEdit, remove: A.teamDelete }),

  positionList: get('/dps-server/employee_position/list', { query: PositionListQuery, response: PageResult(Position), authority: A.page }),
  ...crudEndpoints('position', '/dps-server/employee_position', CreatePositionRequest, UpdatePositionRequest, { add: A.positionAdd, edit: A.positionEdit, remove: A.positionDelete }),
};
export const TeamPaths = pathsOf(TeamApi);
