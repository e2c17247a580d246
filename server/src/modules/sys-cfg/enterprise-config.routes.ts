import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EnterpriseConfigApi as E } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { ConfigService } from './config.service';
import { DictService } from './dict.service';

export function enterpriseConfigServices(db: Db) {
  return { config: new ConfigService(db), dict: new DictService(db) };
}
export type EnterpriseConfigServices = ReturnType<typeof enterpriseConfigServices>;

/** /base-cfg and /schedule-cfg (access as EnterpriseConfigApi declares it). */
export async function enterpriseConfigRoutes(app: FastifyInstance, { services }: { services: EnterpriseConfigServices }): Promise<void> {
  const scope = (request: FastifyRequest) => scopeOf(sessionOf(request));
  mount(app, E.configFind, async (request) => services.config.find(scope(request)));
  mount(app, E.configUpdate, async (request) => services.config.update(scope(request), request.body, operationContext(request)));
  mount(app, E.orderAuditConfigFind, async (request) => services.config.findOrderAudit(scope(request)));
  mount(app, E.orderAuditConfigUpdate, async (request) => {
    await services.config.update(scope(request), { orderAuditConfig: request.body }, operationContext(request));
    return services.config.findOrderAudit(scope(request));
  });
  mount(app, E.dictList, async (request) => services.dict.list(scope(request), request.query.dictType));
  mount(app, E.dictSaveOrUpdate, async (request) => services.dict.saveOrUpdate(scope(request), request.body, operationContext(request)));
  mount(app, E.processDict, async (request) => services.dict.processDict(scope(request)));
  mount(app, E.userPageConfigFind, async (request) => services.dict.findPageConfig(scope(request), request.query.pageKey));
  mount(app, E.userPageConfigSave, async (request) => services.dict.savePageConfig(scope(request), request.body, operationContext(request)));
  mount(app, E.scheduleConfigFind, async (request) => services.config.findSchedule(scope(request)));
  mount(app, E.scheduleConfigUpdate, async (request) => services.config.updateSchedule(scope(request), request.body, operationContext(request)));
}
