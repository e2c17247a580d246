import { randomUUID } from 'node:crypto';
import type { LoginInfo, UserInfo, UserLogRequest } from '@core/contracts/auth';
import { ResultCode } from '@core/contracts/common';
import { APPLICATION_ID } from '../../config';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { scopeOf, type Session, type SessionResolver } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { formatDateTime } from '../../lib/datetime';
import { hashToken, newToken, verifyPassword } from './crypto';
import * as repo from './auth.queries';

export const AuthMessages = {
  WRONG_CREDENTIALS: '用户名或密码错误',
  LOCKED: '账号已被锁定，请联系管理员解锁',
  DISABLED: '账号已被禁用',
  NO_FACTORY: '账号未分配工厂，请联系管理员',
  FOREIGN_ORG: '无权切换到该工厂',
  FOREIGN_ENTERPRISE: '无权访问该企业数据',
} as const;

/** Five failures within ten minutes lock the account (DECISIONS.md). */
export const LOCK_AFTER_FAILURES = 5;
export const FAILURE_WINDOW_MS = 10 * 60 * 1000;

const DAY_MS = 86_400_000;

export interface AuthSettings {
  accessTokenTtl: number;
  refreshTokenTtl: number;
  now: () => Date;
}

/** Calendar days from today to the expiry date; negative once expired. */
export function surplusDays(expireTime: Date, now: Date): number {
  const startOf = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return Math.round((startOf(expireTime) - startOf(now)) / DAY_MS);
}

type LoginOutcome = { info: LoginInfo } | { error: string };

export class AuthService implements SessionResolver {
  constructor(
    private readonly db: Db,
    private readonly settings: AuthSettings,
  ) {}

  async resolve(accessToken: string): Promise<Session | null> {
    const row = await repo.findLiveToken(this.db, hashToken(accessToken), 'access', this.settings.now());
    if (!row) return null;
    const authorities = await repo.accountAuthorities(this.db, {
      enterpriseId: row.enterpriseId,
      orgId: row.orgId,
      userId: row.userId,
    });
    return { ...row, authorities };
  }

  async login(username: string, password: string, context: OperationContext): Promise<LoginInfo> {
    const outcome = await this.db.transaction().execute(async (trx): Promise<LoginOutcome> => {
      const now = this.settings.now();
      const user = await repo.findUserForLogin(trx, username);
      if (!user) return { error: AuthMessages.WRONG_CREDENTIALS };
      if (user.status === 2) return { error: AuthMessages.LOCKED };
      const orgId = await repo.defaultOrgOf(trx, user.enterprise_id, user.id);
      const log = (content: string) =>
        orgId === undefined
          ? Promise.resolve()
          : recordOperation(trx, context, { enterpriseId: user.enterprise_id, orgId, userId: user.id, content });

      if (!(await verifyPassword(password, user.password_hash))) {
        const windowOpen =
          user.failed_login_window_start !== null &&
          now.getTime() - user.failed_login_window_start.getTime() < FAILURE_WINDOW_MS;
        const count = windowOpen ? user.failed_login_count + 1 : 1;
        const windowStart = windowOpen ? user.failed_login_window_start! : now;
        const lock = count >= LOCK_AFTER_FAILURES;
        await repo.recordFailedLogin(trx, user.id, { count, windowStart, lock, now });
        await log(lock ? `登录失败${count}次，账号已锁定` : `登录失败（第${count}次）`);
        return { error: lock ? AuthMessages.LOCKED : AuthMessages.WRONG_CREDENTIALS };
      }
      if (user.status === 0) return { error: AuthMessages.DISABLED };
      if (orgId === undefined) return { error: AuthMessages.NO_FACTORY };

      await repo.clearFailedLogins(trx, user.id);
      const info = await this.issueTokens(trx, { userId: user.id, enterpriseId: user.enterprise_id, orgId });
      await log('登录');
      return { info };
    });
    if ('error' in outcome) throw new AppError(ResultCode.VALIDATION, outcome.error);
    return outcome.info;
  }

  /** New token pair for a live refresh token (the old pair is revoked); null when it is not live. */
  async refresh(refreshToken: string, context: OperationContext): Promise<LoginInfo | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.findLiveToken(trx, hashToken(refreshToken), 'refresh', this.settings.now());
      // A concurrent refresh of the same token wins once: the loser finds nothing left to revoke.
      if (!row || (await repo.revokePair(trx, row.pairId)) === 0) return null;
      const info = await this.issueTokens(trx, row);
      await recordOperation(trx, context, { ...row, content: '刷新令牌' });
      return info;
    });
  }

  /** Revokes the pair of the given token; unknown tokens are ignored (logout always succeeds). */
  async logout(token: string | null, context: OperationContext): Promise<void> {
    if (!token) return;
    await this.db.transaction().execute(async (trx) => {
      const row = await repo.findTokenPair(trx, hashToken(token));
      if (!row) return;
      await repo.revokePair(trx, row.pairId);
      await recordOperation(trx, context, { ...row, content: '退出登录' });
    });
  }

  async userInfo(session: Session): Promise<UserInfo> {
    const user = await repo.findUser(this.db, session.enterpriseId, session.userId);
    if (!user) throw new AppError(ResultCode.NOT_FOUND, '用户不存在');
    const scope = scopeOf(session);
    const [orgList, roles] = await Promise.all([
      repo.orgsOf(this.db, session.enterpriseId, session.userId),
      repo.rolesOf(this.db, scope),
    ]);
    const now = this.settings.now();
    return {
      userId: user.id,
      username: user.username,
      nickName: user.nick_name,
      orgId: session.orgId,
      orgName: orgList.find((org) => org.orgId === session.orgId)?.orgName ?? '',
      enterpriseId: session.enterpriseId,
      mobile: user.mobile,
      expireTime: user.expire_time ? formatDateTime(user.expire_time) : null,
      accountSurplusDay: user.expire_time ? surplusDays(user.expire_time, now) : null,
      remindType: user.remind_type,
      authorities: session.authorities.map((authority) => ({ authority })),
      roleBaseResponses: roles,
      attrs: { applicationId: APPLICATION_ID },
      orgList,
    };
  }

  async orgAuthorities(session: Session): Promise<Array<{ authority: string }>> {
    const codes = await repo.orgAuthorities(this.db, scopeOf(session));
    return codes.map((authority) => ({ authority }));
  }

  /** Moves the session (both tokens of the pair) to another factory the user may use. */
  async switchOrg(session: Session, orgId: number, context: OperationContext): Promise<{ orgId: number; orgName: string }> {
    return this.db.transaction().execute(async (trx) => {
      const orgs = await repo.orgsOf(trx, session.enterpriseId, session.userId);
      const target = orgs.find((org) => org.orgId === orgId);
      if (!target) throw new AppError(ResultCode.NO_AUTHORITY, AuthMessages.FOREIGN_ORG);
      await repo.movePairToOrg(trx, session.pairId, orgId);
      await recordOperation(trx, context, {
        enterpriseId: session.enterpriseId,
        orgId,
        userId: session.userId,
        content: `切换工厂：${target.orgName}`,
      });
      return target;
    });
  }

  async logUserAction(session: Session, request: UserLogRequest, context: OperationContext): Promise<void> {
    if (Number(request.enterpriseId) !== session.enterpriseId) {
      throw new AppError(ResultCode.NO_AUTHORITY, AuthMessages.FOREIGN_ENTERPRISE);
    }
    await this.db.transaction().execute(async (trx) => {
      await repo.insertUserLog(trx, scopeOf(session), String(request.systemId), String(request.buttonId));
      await recordOperation(trx, context, { ...scopeOf(session), content: `点击按钮 ${String(request.buttonId)}` });
    });
  }

  private async issueTokens(
    db: Db,
    owner: { userId: number; enterpriseId: number; orgId: number },
  ): Promise<LoginInfo> {
    const now = this.settings.now().getTime();
    const pairId = randomUUID();
    const accessToken = newToken();
    const refreshToken = newToken();
    await repo.insertToken(db, {
      ...owner,
      hash: hashToken(accessToken),
      pairId,
      kind: 'access',
      expiresAt: new Date(now + this.settings.accessTokenTtl * 1000),
    });
    await repo.insertToken(db, {
      ...owner,
      hash: hashToken(refreshToken),
      pairId,
      kind: 'refresh',
      expiresAt: new Date(now + this.settings.refreshTokenTtl * 1000),
    });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      refresh_token: refreshToken,
      expires_in: this.settings.accessTokenTtl,
      applicationId: APPLICATION_ID,
    };
  }
}
