import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import {
  DictListQuery,
  EnterpriseConfigPaths as P,
  AuditConfig,
  SaveDictRequest,
  SaveUserPageConfigRequest,
  UpdateEnterpriseConfigRequest,
  UpdateScheduleConfigRequest,
  UserPageConfigQuery,
} from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import { operationContext } from '../../lib/operation-context';
import { ConfigService } from './config.service';
import { DictService } from './dict.service';

export function enterpriseConfigServices(db: Db) {
  return { config: new ConfigService(db), dict: new DictService(db) };
}
export type EnterpriseConfigServices = ReturnType<typeof enterpriseConfigServices>;

type Body<T> = { Body: T };
type Query<T> = { Querystring: T };

/**
 * /base-cfg and /schedule-cfg. Reading needs the page menu, writing its ACTION_ code; the user
 * page config is personal and open to every signed-in user (like the user config of spec §7).
 */
export async function enterpriseConfigRoutes(app: FastifyInstance, { services }: { services: EnterpriseConfigServices }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));
  const baseRead = { config: { authority: A.baseCfg } };

  app.get(P.configFind, baseRead, async (request) => ok('result', await services.config.find(scope(request))));
  app.post<Body<UpdateEnterpriseConfigRequest>>(
    P.configUpdate,
    { schema: { body: UpdateEnterpriseConfigRequest }, config: { authority: A.baseCfgEdit } },
    async (request) => ok('result', await services.config.update(scope(request), request.body, operationContext(request))),
  );
  app.get(P.orderAuditConfigFind, baseRead, async (request) => ok('result', await services.config.findOrderAudit(scope(request))));
  app.post<Body<AuditConfig>>(P.orderAuditConfigUpdate, { schema: { body: AuditConfig }, config: { authority: A.baseCfgEdit } }, async (request) => {
    await services.config.update(scope(request), { orderAuditConfig: request.body }, operationContext(request));
    return ok('result', await services.config.findOrderAudit(scope(request)));
  });

  app.get<Query<DictListQuery>>(P.dictList, { schema: { querystring: DictListQuery }, ...baseRead }, async (request) =>
    ok('result', await services.dict.list(scope(request), request.query.dictType)),
  );
  app.post<Body<SaveDictRequest>>(P.dictSaveOrUpdate, { schema: { body: SaveDictRequest }, config: { authority: A.dictEdit } }, async (request) =>
    ok('result', await services.dict.saveOrUpdate(scope(request), request.body, operationContext(request))),
  );
  app.get(P.processDict, baseRead, async (request) => ok('result', await services.dict.processDict(scope(request))));

  app.get<Query<UserPageConfigQuery>>(P.userPageConfigFind, { schema: { querystring: UserPageConfigQuery }, config: { session: true } }, async (request) =>
    ok('result', await services.dict.findPageConfig(scope(request), request.query.pageKey)),
  );
  app.post<Body<SaveUserPageConfigRequest>>(P.userPageConfigSave, { schema: { body: SaveUserPageConfigRequest }, config: { session: true } }, async (request) =>
    ok('result', await services.dict.savePageConfig(scope(request), request.body, operationContext(request))),
  );

  app.get(P.scheduleConfigFind, { config: { authority: A.scheduleCfg } }, async (request) => ok('result', await services.config.findSchedule(scope(request))));
  app.post<Body<UpdateScheduleConfigRequest>>(
    P.scheduleConfigUpdate,
    { schema: { body: UpdateScheduleConfigRequest }, config: { authority: A.scheduleCfgEdit } },
    async (request) => ok('result', await services.config.updateSchedule(scope(request), request.body, operationContext(request))),
  );
}
