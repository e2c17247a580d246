import type { FastifyInstance } from 'fastify';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { IdParams } from '@core/contracts/common';
import {
  CreatePositionRequest,
  CreateTeamRequest,
  PositionListQuery,
  TeamPaths as P,
  TeamListQuery,
  UpdatePositionRequest,
  UpdateTeamRequest,
} from '@core/contracts/modeling';
import { registerCrudRoutes } from '../../lib/legacy-routes';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import type { TeamService } from './team.service';

/** Class teams (班组) with members and employee positions (岗位): the 班组 tab of /modeling. */
export async function teamRoutes(app: FastifyInstance, { teams }: { teams: TeamService }): Promise<void> {
  registerCrudRoutes<CreateTeamRequest, UpdateTeamRequest>(app, {
    list: P.teamList,
    create: P.teamCreate,
    update: P.teamUpdate,
    deleteBatch: P.teamDeleteBatch,
    schemas: { list: TeamListQuery, create: CreateTeamRequest, update: UpdateTeamRequest },
    authorities: { read: A.page, add: A.teamAdd, edit: A.teamEdit, delete: A.teamDelete },
    service: teams,
  });
  app.get<{ Params: IdParams }>('/dps-server/basic_class/detail/:id', { schema: { params: IdParams }, config: { authority: A.page } }, async (request) =>
    ok('result', await teams.detail(scopeOf(sessionOf(request)), request.params.id)),
  );
  registerCrudRoutes<CreatePositionRequest, UpdatePositionRequest>(app, {
    list: P.positionList,
    create: P.positionCreate,
    update: P.positionUpdate,
    deleteBatch: P.positionDeleteBatch,
    schemas: { list: PositionListQuery, create: CreatePositionRequest, update: UpdatePositionRequest },
    authorities: { read: A.page, add: A.positionAdd, edit: A.positionEdit, delete: A.positionDelete },
    service: {
      list: (scope, query) => teams.listPositions(scope, query),
      create: (scope, request, context) => teams.createPosition(scope, request, context),
      update: (scope, request, context) => teams.updatePosition(scope, request, context),
      deleteBatch: (scope, ids, context) => teams.deletePositions(scope, ids, context),
    },
  });
}
