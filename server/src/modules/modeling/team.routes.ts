import type { FastifyInstance } from 'fastify';
import { TeamApi as E } from '@core/contracts/modeling';
import { registerCrudRoutes } from '../../lib/crud-routes';
import { mount } from '../../lib/endpoint';
import { scopeOf, sessionOf } from '../../plugins/auth';
import type { TeamService } from './team.service';

/** Class teams (班组) with members and employee positions (岗位): the 班组 tab of /modeling. */
export async function teamRoutes(app: FastifyInstance, { teams }: { teams: TeamService }): Promise<void> {
  registerCrudRoutes(app, { list: E.teamList, create: E.teamCreate, update: E.teamUpdate, deleteBatch: E.teamDeleteBatch, service: teams });
  mount(app, E.teamDetail, async (request) => teams.detail(scopeOf(sessionOf(request)), request.params.id));
  registerCrudRoutes(app, {
    list: E.positionList,
    create: E.positionCreate,
    update: E.positionUpdate,
    deleteBatch: E.positionDeleteBatch,
    service: {
      list: (scope, query) => teams.listPositions(scope, query),
      create: (scope, request: Parameters<TeamService['createPosition']>[1], context) => teams.createPosition(scope, request, context),
      update: (scope, request: Parameters<TeamService['updatePosition']>[1], context) => teams.updatePosition(scope, request, context),
      deleteBatch: (scope, ids, context) => teams.deletePositions(scope, ids, context),
    },
  });
}
