import type { FastifyInstance } from 'fastify';
import { AuthApi } from '@core/contracts/auth';
import { mount } from '../../lib/endpoint';
import { operationContext } from '../../lib/operation-context';
import { readToken, sendNotLoggedIn, sessionOf } from '../../plugins/auth';
import type { AuthService } from './auth.service';

export async function authRoutes(app: FastifyInstance, { service }: { service: AuthService }): Promise<void> {
  mount(app, AuthApi.login, async (request) => service.login(request.body.username, request.body.password, request.ip, operationContext(request)));
  mount(app, AuthApi.refresh, async (request, reply) => {
    const info = await service.refresh(request.body.refresh_token, operationContext(request));
    return info ?? sendNotLoggedIn(request, reply);
  });
  mount(app, AuthApi.logout, async (request) => {
    await service.logout(readToken(request), operationContext(request));
    return null;
  });
  mount(app, AuthApi.userInfo, async (request) => service.userInfo(sessionOf(request)));
  mount(app, AuthApi.authorityAccount, async (request) => (await sessionOf(request).authorities()).map((authority) => ({ authority })));
  mount(app, AuthApi.authorityOrg, async (request) => service.orgAuthorities(sessionOf(request)));
  mount(app, AuthApi.switchOrg, async (request) => service.switchOrg(sessionOf(request), request.params.orgId, operationContext(request)));
  mount(app, AuthApi.userLog, async (request) => {
    await service.logUserAction(sessionOf(request), request.body, operationContext(request));
    return null;
  });
}
