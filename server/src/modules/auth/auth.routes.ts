import type { FastifyInstance } from 'fastify';
import {
  LoginRequest,
  RefreshRequest,
  SwitchOrgParams,
  UserLogRequest,
  type LoginRequest as LoginBody,
  type RefreshRequest as RefreshBody,
  type UserLogRequest as UserLogBody,
} from '@core/contracts/auth';
import { AuthPaths } from '@core/contracts/paths';
import { operationContext } from '../../lib/operation-context';
import { readToken, sendNotLoggedIn, sessionOf } from '../../plugins/auth';
import { ok } from '../../plugins/envelopes';
import type { AuthService } from './auth.service';

export async function authRoutes(app: FastifyInstance, { service }: { service: AuthService }): Promise<void> {
  app.post<{ Body: LoginBody }>(
    AuthPaths.login,
    { schema: { body: LoginRequest }, config: { public: true } },
    async (request) => ok('base', await service.login(request.body.username, request.body.password, operationContext(request))),
  );

  app.post<{ Body: RefreshBody }>(
    AuthPaths.refresh,
    { schema: { body: RefreshRequest }, config: { public: true } },
    async (request, reply) => {
      const info = await service.refresh(request.body.refresh_token, operationContext(request));
      return info ? ok('base', info) : sendNotLoggedIn(request, reply);
    },
  );

  app.post(AuthPaths.logout, { config: { public: true } }, async (request) => {
    await service.logout(readToken(request), operationContext(request));
    return ok('base', null);
  });

  app.get(AuthPaths.userInfo, { config: { session: true } }, async (request) => ok('base', await service.userInfo(sessionOf(request))));

  app.get(AuthPaths.authorityAccount, { config: { session: true } }, async (request) =>
    ok('base', sessionOf(request).authorities.map((authority) => ({ authority }))),
  );

  app.get(AuthPaths.authorityOrg, { config: { session: true } }, async (request) => ok('base', await service.orgAuthorities(sessionOf(request))));

  app.post<{ Params: { orgId: number } }>(
    '/base/switch/user/org/:orgId',
    { schema: { params: SwitchOrgParams }, config: { session: true } },
    async (request) =>
      ok('base', await service.switchOrg(sessionOf(request), request.params.orgId, operationContext(request))),
  );

  app.post<{ Body: UserLogBody }>(AuthPaths.userLog, { schema: { body: UserLogRequest }, config: { session: true } }, async (request) => {
    await service.logUserAction(sessionOf(request), request.body, operationContext(request));
    return ok('result', null);
  });
}
