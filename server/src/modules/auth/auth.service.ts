import { randomUUID } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { LoginInfo, UserInfo, UserLogRequest } from '@core/contracts/auth';
import { ResultCode } from '@core/contracts/common';
import { authorityCodes, type RouteAuthority } from '@core/contracts/endpoint';
import { APPLICATION_ID } from '../../config';
import type { Db } from '../../db';
import type { AppUser } from '../../db/schema';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { scopeOf, type Scope, type Session, type SessionResolver } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { compiledOnce } from '../../lib/compiled-once';
import { formatDateTime } from '../../lib/datetime';
import { DUMMY_PASSWORD_HASH, hashToken, newToken, verifyPassword } from './crypto';
import type { SessionCache } from './session-cache';

export const AuthMessages = {
  WRONG_CREDENTIALS: '用户名或密码错误',
  LOCKED: '账号已被锁定，请联系管理员解锁',
  NO_FACTORY: '账号未分配工厂，请联系管理员',
  FOREIGN_ORG: '无权切换到该工厂',
  FOREIGN_ENTERPRISE: '无权访问该企业数据',
} as const;

/**
 * Five failures of one username from one client address within ten minutes make that pair wait
 * (DECISIONS.md; issue 9 §5): a minute, doubling with every further failure, at most an hour.
 */
export const LOCK_AFTER_FAILURES = 5;
export const FAILURE_WINDOW_MS = 10 * 60 * 1000;
const MINUTE_MS = 60_000;
const MAX_THROTTLE_MS = 60 * MINUTE_MS;
/** Throttle rows untouched this long are forgotten. */
const THROTTLE_FORGET_MS = 24 * 60 * MINUTE_MS;

function throttleDelayMs(failures: number): number {
  return Math.min(MINUTE_MS * 2 ** (failures - LOCK_AFTER_FAILURES), MAX_THROTTLE_MS);
}

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

// ---- queries ---------------------------------------------------------------------------------

interface TokenRow {
  userId: number;
  username: string;
  enterpriseId: number;
  orgId: number;
  pairId: string;
}

async function findUser(db: Db, enterpriseId: number, userId: number): Promise<AppUser | undefined> {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

async function defaultOrgOf(db: Db, enterpriseId: number, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('user_org')
    .select('org_id')
    .where('enterprise_id', '=', enterpriseId)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('org_id')
    .limit(1)
    .executeTakeFirst();
  return row?.org_id;
}

async function insertToken(
  db: Db,
  token: {
    hash: string;
    pairId: string;
    kind: 'access' | 'refresh';
    userId: number;
    enterpriseId: number;
    orgId: number;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('auth_token')
    .values({
      token_hash: token.hash,
      pair_id: token.pairId,
      kind: token.kind,
      user_id: token.userId,
      enterprise_id: token.enterpriseId,
      org_id: token.orgId,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** The token row of a hash joined with its user; callers add their liveness conditions. */
function tokenByHash(db: Db, hash: string) {
  return db
    .selectFrom('auth_token as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .select([
      't.user_id as userId',
      'u.username as username',
      't.enterprise_id as enterpriseId',
      't.org_id as orgId',
      't.pair_id as pairId',
    ])
    .where('t.token_hash', '=', hash);
}

/** The row of a token that is not revoked, not expired and whose account is in normal status. */
function liveToken(db: Db, hash: string, kind: 'access' | 'refresh', now: Date) {
  return tokenByHash(db, hash)
    .where('t.kind', '=', kind)
    .where('t.revoked', '=', false)
    .where('t.expires_at', '>', now)
    .where('u.status', '=', 1);
}

async function findLiveToken(db: Db, hash: string, kind: 'access' | 'refresh', now: Date): Promise<TokenRow | undefined> {
  return liveToken(db, hash, kind, now).executeTakeFirst();
}

/** The authority codes a token's (`t`) user holds in the token's factory, through roles of that factory: a subquery of `liveToken`. */
function heldCodes(db: Db) {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('role_authority as ra', (join) => join.onRef('ra.role_id', '=', 'ur.role_id').onRef('ra.org_id', '=', 'ur.org_id'))
    .innerJoin('authority as a', 'a.id', 'ra.authority_id')
    .where(sql<SqlBool>`(ur.enterprise_id, ur.org_id, ur.user_id) = (t.enterprise_id, t.org_id, t.user_id)`);
}

/**
 * The session of a live access token, in one query, compiled once (lib/compiled-once): only the
 * token hash, the time and the codes change per request.
 * - `known`: with the token's expiry and every code the user holds (sorted), what the session
 *   cache keeps (read once per token while the cache answers);
 * - `anyRoute` / `authority`: whether the user holds a route's code (an EXISTS, not the whole
 *   list), when the cache is off.
 */
function liveSessionQueries(db: Db) {
  return {
    known: compiledOnce(db, (hash: string, now: Date) =>
      liveToken(db, hash, 'access', now).select([
        't.expires_at as expiresAt',
        sql<string[]>`array(${heldCodes(db).select('a.code').distinct().orderBy('a.code')})`.as('codes'),
      ]),
    ),
    anyRoute: compiledOnce(db, (hash: string, now: Date) => liveToken(db, hash, 'access', now).select(sql<boolean>`true`.as('holds'))),
    authority: compiledOnce(db, (hash: string, now: Date, routeAuthorities: readonly string[]) =>
      liveToken(db, hash, 'access', now).select((eb) =>
        sql<boolean>`${eb.exists(heldCodes(db).select(sql.lit(1).as('one')).where(sql<boolean>`${sql.ref('a.code')} = any(${routeAuthorities})`))}`.as('holds'),
      ),
    ),
  };
}

/** Authority codes the user holds in the scope's factory (through roles of that factory). */
async function accountAuthorities(db: Db, scope: Scope): Promise<string[]> {
  const rows = await db
    .selectFrom('user_role as ur')
    .innerJoin('role_authority as ra', (join) =>
      join.onRef('ra.role_id', '=', 'ur.role_id').onRef('ra.org_id', '=', 'ur.org_id'),
    )
    .innerJoin('authority as a', 'a.id', 'ra.authority_id')
    .select('a.code')
    .distinct()
    .where('ur.enterprise_id', '=', scope.enterpriseId)
    .where('ur.org_id', '=', scope.orgId)
    .where('ur.user_id', '=', scope.userId)
    .orderBy('a.code')
    .execute();
  return rows.map((row) => row.code);
}

/** Any token row by hash, live or not (logout revokes what it is given). */
async function findTokenPair(db: Db, hash: string): Promise<TokenRow | undefined> {
  return tokenByHash(db, hash)
    .executeTakeFirst();
}

/** Revokes both tokens of a pair; returns how many were still live (0: someone revoked it first). */
async function revokePair(db: Db, pairId: string): Promise<number> {
  const result = await db
    .updateTable('auth_token')
    .set({ revoked: true })
    .where('pair_id', '=', pairId)
    .where('revoked', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function movePairToOrg(db: Db, pairId: string, orgId: number): Promise<void> {
  await db.updateTable('auth_token').set({ org_id: orgId }).where('pair_id', '=', pairId).execute();
}

/** Authority codes granted to any role of the scope's factory. */
async function orgAuthorities(db: Db, scope: Scope): Promise<string[]> {
  const rows = await db
    .selectFrom('role_authority as ra')
    .innerJoin('authority as a', 'a.id', 'ra.authority_id')
    .select('a.code')
    .distinct()
    .where('ra.enterprise_id', '=', scope.enterpriseId)
    .where('ra.org_id', '=', scope.orgId)
    .orderBy('a.code')
    .execute();
  return rows.map((row) => row.code);
}

async function rolesOf(db: Db, scope: Scope): Promise<Array<{ roleId: number; roleName: string }>> {
  return db
    .selectFrom('user_role as ur')
    .innerJoin('role as r', 'r.id', 'ur.role_id')
    .select(['r.id as roleId', 'r.name as roleName'])
    .where('ur.enterprise_id', '=', scope.enterpriseId)
    .where('ur.org_id', '=', scope.orgId)
    .where('ur.user_id', '=', scope.userId)
    .orderBy('r.id')
    .execute();
}

async function orgsOf(
  db: Db,
  enterpriseId: number,
  userId: number,
): Promise<Array<{ orgId: number; orgName: string }>> {
  return db
    .selectFrom('user_org as uo')
    .innerJoin('org as o', (join) => join.onRef('o.id', '=', 'uo.org_id').onRef('o.enterprise_id', '=', 'uo.enterprise_id'))
    .select(['o.id as orgId', 'o.name as orgName'])
    .where('uo.enterprise_id', '=', enterpriseId)
    .where('uo.user_id', '=', userId)
    .orderBy('o.id')
    .execute();
}

async function insertUserLog(db: Db, scope: Scope, systemId: string, buttonId: string): Promise<void> {
  await db
    .insertInto('user_log')
    .values({
      enterprise_id: scope.enterpriseId,
      org_id: scope.orgId,
      user_id: scope.userId,
      system_id: systemId,
      button_id: buttonId,
    })
    .execute();
}

export class AuthService implements SessionResolver {
  /** Login attempts waiting for the one before them, per username and client address. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly liveSession: ReturnType<typeof liveSessionQueries>;

  constructor(
    private readonly db: Db,
    private readonly settings: AuthSettings,
    /** Live sessions kept in memory (off without one). */
    private readonly sessions?: SessionCache,
  ) {
    this.liveSession = liveSessionQueries(db);
  }

  /**
   * The session of a live access token: the token, its account's status and whether the user holds
   * the route's authority code. While the session cache answers (the database's session channel is
   * listened to: session-cache.ts), a token known to be live is answered from memory and any
   * change of a token, an account or its authorities, by any writer in any process, drops what is
   * kept (migration 0031); a token not kept is read with every code its user holds, then kept.
   * Otherwise one query per request: the token and an EXISTS for the route's code, the full list
   * read only by the few routes that need it, on first use.
   */
  async resolve(accessToken: string, routeAuthority?: RouteAuthority): Promise<Session | null> {
    const hash = hashToken(accessToken);
    const now = this.settings.now();
    const { sessions } = this;
    if (sessions?.enabled) {
      let known = sessions.get(hash, now);
      if (!known) {
        const mark = sessions.mark;
        const [row] = await this.liveSession.known(hash, now);
        if (!row) return null;
        known = { ...row, codes: new Set(row.codes) };
        sessions.keep(hash, known, mark);
      }
      const { expiresAt: _expiresAt, codes, ...identity } = known;
      const holds = routeAuthority === undefined || authorityCodes(routeAuthority).some((code) => codes.has(code));
      return { ...identity, holdsRouteAuthority: holds, authorities: async () => [...codes] };
    }
    const [row] =
      routeAuthority === undefined
        ? await this.liveSession.anyRoute(hash, now)
        : await this.liveSession.authority(hash, now, authorityCodes(routeAuthority));
    if (!row) return null;
    const { holds, ...identity } = row;
    let authorities: Promise<string[]> | undefined;
    return { ...identity, holdsRouteAuthority: holds, authorities: () => (authorities ??= accountAuthorities(this.db, identity)) };
  }

  /**
   * Logs in. Attempts of one username from one client address run one at a time (in this process),
   * so concurrent guesses are counted one by one while concurrent right logins all get in. The
   * password is hashed outside any transaction (scrypt on the thread pool, not the event loop),
   * against a dummy hash for an unknown name, so unknown, wrong, disabled and locked answer alike
   * in message and time; failures are counted per username string and client address
   * (login_throttle): the guesser waits, the owner elsewhere does not. A success forgets them.
   */
  async login(username: string, password: string, client: string, context: OperationContext): Promise<LoginInfo> {
    return this.oneAtATime(JSON.stringify([username, client]), () => this.attempt(username, password, client, context));
  }

  private async attempt(username: string, password: string, client: string, context: OperationContext): Promise<LoginInfo> {
    const user = await this.db.selectFrom('app_user').selectAll().where('username', '=', username).executeTakeFirst();
    // Asked for an unknown name too (it finds nothing), so both take the same queries.
    const orgId = await defaultOrgOf(this.db, user?.enterprise_id ?? 0, user?.id ?? 0);
    const throttle = await this.db
      .selectFrom('login_throttle')
      .select(['failures', 'last_failure_at', 'blocked_until'])
      .where('username', '=', username)
      .where('client', '=', client)
      .executeTakeFirst();
    // A waiting pair is answered at once, for any name: nothing is hashed, checked or counted.
    if (throttle?.blocked_until && throttle.blocked_until > this.settings.now()) throw new AppError(ResultCode.VALIDATION, AuthMessages.LOCKED);
    const passwordMatches = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    // Disabled (0) and administrator-locked (2) accounts answer like a wrong password: the answer
    // never confirms that a password is right for an account that cannot log in.
    if (!user || !passwordMatches || user.status !== 1) {
      const failures = await this.recordFailure(username, client, throttle);
      if (user && orgId !== undefined) {
        const content = failures === LOCK_AFTER_FAILURES ? `登录失败${failures}次，已限制该地址登录` : `登录失败（第${failures}次）`;
        await recordOperation(this.db, context, { enterpriseId: user.enterprise_id, orgId, userId: user.id, content });
      }
      throw new AppError(ResultCode.VALIDATION, failures >= LOCK_AFTER_FAILURES ? AuthMessages.LOCKED : AuthMessages.WRONG_CREDENTIALS);
    }
    if (orgId === undefined) throw new AppError(ResultCode.VALIDATION, AuthMessages.NO_FACTORY);
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('login_throttle').where('username', '=', username).where('client', '=', client).execute();
      const info = await this.issueTokens(trx, { userId: user.id, enterpriseId: user.enterprise_id, orgId });
      await recordOperation(trx, context, { enterpriseId: user.enterprise_id, orgId, userId: user.id, content: '登录' });
      return info;
    });
  }

  /**
   * Counts one failure of a username from a client; returns the count. Within FAILURE_WINDOW_MS of
   * the last failure (or after any wait) the count grows, and from LOCK_AFTER_FAILURES on the pair
   * waits 1, 2, 4… minutes (at most an hour). Old rows of any pair are dropped on the way.
   */
  private async recordFailure(
    username: string,
    client: string,
    previous: { failures: number; last_failure_at: Date; blocked_until: Date | null } | undefined,
  ): Promise<number> {
    const now = this.settings.now();
    const recent = previous !== undefined && (now.getTime() - previous.last_failure_at.getTime() < FAILURE_WINDOW_MS || previous.blocked_until !== null);
    const failures = recent ? previous.failures + 1 : 1;
    const blockedUntil = failures >= LOCK_AFTER_FAILURES ? new Date(now.getTime() + throttleDelayMs(failures)) : null;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('login_throttle')
        .values({ username, client, failures, last_failure_at: now, blocked_until: blockedUntil })
        .onConflict((conflict) => conflict.columns(['username', 'client']).doUpdateSet({ failures, last_failure_at: now, blocked_until: blockedUntil }))
        .execute();
      await trx.deleteFrom('login_throttle').where('last_failure_at', '<', new Date(now.getTime() - THROTTLE_FORGET_MS)).execute();
    });
    return failures;
  }

  /** Runs `work` after every earlier work of the same key has finished (a per-key queue). */
  private async oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(work);
    const done = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, done);
    try {
      return await run;
    } finally {
      if (this.queues.get(key) === done) this.queues.delete(key);
    }
  }

  /** New token pair for a live refresh token (the old pair is revoked); null when it is not live. */
  async refresh(refreshToken: string, context: OperationContext): Promise<LoginInfo | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await findLiveToken(trx, hashToken(refreshToken), 'refresh', this.settings.now());
      // A concurrent refresh of the same token wins once: the loser finds nothing left to revoke.
      if (!row || (await revokePair(trx, row.pairId)) === 0) return null;
      const info = await this.issueTokens(trx, row);
      await recordOperation(trx, context, { ...row, content: '刷新令牌' });
      return info;
    });
  }

  /** Revokes the pair of the given token; unknown tokens are ignored (logout always succeeds). */
  async logout(token: string | null, context: OperationContext): Promise<void> {
    if (!token) return;
    await this.db.transaction().execute(async (trx) => {
      const row = await findTokenPair(trx, hashToken(token));
      if (!row) return;
      await revokePair(trx, row.pairId);
      await recordOperation(trx, context, { ...row, content: '退出登录' });
    });
  }

  async userInfo(session: Session): Promise<UserInfo> {
    const user = await findUser(this.db, session.enterpriseId, session.userId);
    if (!user) throw new AppError(ResultCode.NOT_FOUND, '用户不存在');
    const scope = scopeOf(session);
    const [orgList, roles] = await Promise.all([
      orgsOf(this.db, session.enterpriseId, session.userId),
      rolesOf(this.db, scope),
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
      authorities: (await session.authorities()).map((authority) => ({ authority })),
      roleBaseResponses: roles,
      attrs: { applicationId: APPLICATION_ID },
      orgList,
    };
  }

  async orgAuthorities(session: Session): Promise<Array<{ authority: string }>> {
    const codes = await orgAuthorities(this.db, scopeOf(session));
    return codes.map((authority) => ({ authority }));
  }

  /** Moves the session (both tokens of the pair) to another factory the user may use. */
  async switchOrg(session: Session, orgId: number, context: OperationContext): Promise<{ orgId: number; orgName: string }> {
    return this.db.transaction().execute(async (trx) => {
      const orgs = await orgsOf(trx, session.enterpriseId, session.userId);
      const target = orgs.find((org) => org.orgId === orgId);
      if (!target) throw new AppError(ResultCode.NO_AUTHORITY, AuthMessages.FOREIGN_ORG);
      await movePairToOrg(trx, session.pairId, orgId);
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
      await insertUserLog(trx, scopeOf(session), String(request.systemId), String(request.buttonId));
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
    await insertToken(db, {
      ...owner,
      hash: hashToken(accessToken),
      pairId,
      kind: 'access',
      expiresAt: new Date(now + this.settings.accessTokenTtl * 1000),
    });
    await insertToken(db, {
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
