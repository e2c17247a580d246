import { randomBytes } from 'node:crypto';
import { ResultCode } from '@core/contracts/common';
import { ErpMessages, type CreatedIntegrationKey, type IntegrationKey } from '@core/contracts/work-order/erp';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { conflict } from '../../lib/errors';
import { inScope, requireRow } from '../../lib/scoped';
import { AppError } from '../../plugins/envelopes';
import type { Scope } from '../../plugins/auth';
import { hashToken } from '../auth';

/** Shown in the list so a key can be told apart without its secret. */
const PREFIX_LENGTH = 12;
/** A key is `mesk_` and 32 random bytes (base64url): long enough that a fast hash is the right store. */
export function newIntegrationKey(): string {
  return `mesk_${randomBytes(32).toString('base64url')}`;
}
/** last_used_at is written at most this often per key (not on every message of a busy ERP). */
const TOUCH_MS = 60_000;

/** The factory a key belongs to; refused with 4003 and a Chinese message when missing, unknown or revoked. */
export interface KeyScope {
  scope: Scope;
  keyId: number;
}

/** The integration keys of a factory: created (shown once), listed, revoked; and checked on each ERP call. */
export class IntegrationKeyService {
  constructor(private readonly db: Db) {}

  async list(scope: Scope): Promise<IntegrationKey[]> {
    const rows = await this.db
      .selectFrom('erp_integration_key as k')
      .leftJoin('app_user as u', 'u.id', 'k.created_by')
      .select(['k.id', 'k.name', 'k.key_prefix', 'k.revoked', 'k.last_used_at', 'k.created_at', 'u.nick_name', 'u.username'])
      .where(inScope(scope, 'k'))
      .orderBy('k.id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      keyPrefix: row.key_prefix,
      revoked: row.revoked,
      lastUsedTime: row.last_used_at ? formatDateTime(row.last_used_at) : '',
      createdBy: row.nick_name || row.username || '',
      createTime: formatDateTime(row.created_at),
    }));
  }

  async create(scope: Scope, name: string, context: OperationContext, key = newIntegrationKey()): Promise<CreatedIntegrationKey> {
    const keyPrefix = key.slice(0, PREFIX_LENGTH);
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('erp_integration_key')
        .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, key_hash: hashToken(key), key_prefix: keyPrefix, name: name.trim(), created_by: scope.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordOperation(trx, context, { ...scope, content: `新增接口密钥：${name.trim()}（${keyPrefix}…）` });
      return { id, key, keyPrefix };
    });
  }

  async revoke(scope: Scope, id: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const key = await requireRow(trx, 'erp_integration_key', ['name', 'key_prefix', 'revoked'], scope, id, ErpMessages.keyNotFound);
      if (key.revoked) throw conflict(ErpMessages.keyAlreadyRevoked);
      await trx.updateTable('erp_integration_key').set({ revoked: true, updated_at: new Date() }).where('id', '=', id).execute();
      await recordOperation(trx, context, { ...scope, content: `作废接口密钥：${key.name}（${key.key_prefix}…）` });
    });
  }

  /** The factory of the key in `header`: 4003 缺少接口密钥 / 接口密钥无效 / 接口密钥已作废. */
  async authenticate(header: string | string[] | undefined, now = new Date()): Promise<KeyScope> {
    const key = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!key) throw new AppError(ResultCode.NO_AUTHORITY, ErpMessages.keyMissing);
    const row = await this.db
      .selectFrom('erp_integration_key')
      .select(['id', 'enterprise_id', 'org_id', 'revoked', 'last_used_at'])
      .where('key_hash', '=', hashToken(key))
      .executeTakeFirst();
    if (!row) throw new AppError(ResultCode.NO_AUTHORITY, ErpMessages.keyInvalid);
    if (row.revoked) throw new AppError(ResultCode.NO_AUTHORITY, ErpMessages.keyRevoked);
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > TOUCH_MS) {
      await this.db.updateTable('erp_integration_key').set({ last_used_at: now }).where('id', '=', row.id).execute();
    }
    // The ERP acts as no user: 0 names nobody (writes record user_id null).
    return { scope: { enterpriseId: row.enterprise_id, orgId: row.org_id, userId: 0 }, keyId: row.id };
  }
}
