import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { ResultCode } from '@core/contracts/common';
import type { Db } from '../db';
import { fail, familyOf, routePath } from '../plugins/envelopes';

/**
 * Machine keys: how a shop-floor machine (一体机, PLC gateway) calls the API. A key is issued per
 * work machine on /oneMachine, shown once, stored only as its SHA-256, and revocable; a machine has
 * at most one live key (issuing a new one revokes the old). A key is never a user token: it opens
 * only the routes declared `machine: true` (contracts/endpoint.ts), and those routes take no user
 * token. Routes read who is calling with `machineOf(request)`:
 *
 *   mount(app, Api.events, async (request) => service.ingest(machineOf(request), request.body));
 *
 * The machine's scope is its factory: `{ enterpriseId, orgId, workMachineId }`.
 */
export interface MachineIdentity {
  enterpriseId: number;
  orgId: number;
  workMachineId: number;
}

/** The request header carrying the key (also accepted as `X-Machine-Key`). */
export const MACHINE_KEY_HEADER = 'X_MACHINE_KEY';
export const MachineKeyMessages = {
  refused: '一体机密钥无效或已停用',
  machineNotFound: '一体机不存在',
} as const;

const KEY_PREFIX = 'mk_';

declare module 'fastify' {
  interface FastifyRequest {
    /** The calling machine on a `machine: true` route (null elsewhere). */
    machine: MachineIdentity | null;
  }
  interface FastifyContextConfig {
    /** Route called by shop-floor machines with their machine key, not by users. */
    machine?: boolean;
  }
}

export function hashMachineKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The key a request carries, or null. */
export function readMachineKey(request: FastifyRequest): string | null {
  const raw = request.headers['x_machine_key'] ?? request.headers['x-machine-key'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : null;
}

/** The machine a key belongs to while the key is live and the machine exists; null otherwise. */
export async function resolveMachineKey(db: Db, key: string): Promise<MachineIdentity | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const row = await db
    .selectFrom('machine_key as k')
    .innerJoin('work_machine as m', 'm.id', 'k.work_machine_id')
    .select(['k.enterprise_id', 'k.org_id', 'k.work_machine_id'])
    .where('k.key_hash', '=', hashMachineKey(key))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ? { enterpriseId: row.enterprise_id, orgId: row.org_id, workMachineId: row.work_machine_id } : null;
}

/** The calling machine of a `machine: true` route (the plugin guarantees it). */
export function machineOf(request: FastifyRequest): MachineIdentity {
  if (!request.machine) throw new Error('route used without a machine key');
  return request.machine;
}

export interface IssuedKey {
  /** The key itself: shown once, never stored. */
  key: string;
  keyHint: string;
}

/**
 * A new live key for a machine of the factory (inside the caller's transaction): the machine's
 * previous key stops working at once. Returns null when the machine is not in the factory.
 */
export async function issueMachineKey(
  trx: Db,
  scope: { enterpriseId: number; orgId: number; userId: number },
  workMachineId: number,
): Promise<IssuedKey | null> {
  const machine = await trx
    .selectFrom('work_machine')
    .select('id')
    .where('id', '=', workMachineId)
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('org_id', '=', scope.orgId)
    .forUpdate()
    .executeTakeFirst();
  if (!machine) return null;
  await revokeLiveKey(trx, workMachineId);
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const keyHint = `${key.slice(0, 9)}…`;
  await trx
    .insertInto('machine_key')
    .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, work_machine_id: workMachineId, key_hash: hashMachineKey(key), key_hint: keyHint, created_by: scope.userId })
    .execute();
  return { key, keyHint };
}

/** Revokes the machine's live key (none: nothing to do); false when the machine has no live key. */
export async function revokeLiveKey(trx: Db, workMachineId: number): Promise<boolean> {
  const result = await trx
    .updateTable('machine_key')
    .set({ revoked_at: sql<Date>`now()` })
    .where('work_machine_id', '=', workMachineId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Live key hint and issue time of each machine (for the /oneMachine list). */
export async function liveKeys(db: Db, machineIds: number[]): Promise<Map<number, { keyHint: string; issuedAt: Date }>> {
  if (machineIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('machine_key')
    .select(['work_machine_id', 'key_hint', 'created_at'])
    .where('work_machine_id', 'in', machineIds)
    .where('revoked_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.work_machine_id, { keyHint: row.key_hint, issuedAt: row.created_at }]));
}

/**
 * Resolves `request.machine` on every route declared `machine: true`, from the machine key header
 * only (a user token there, or anywhere, is no machine key); without a live key the route answers
 * 1003 before its body is read. The auth plugin leaves these routes alone.
 */
export const machineKeyPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorateRequest('machine', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.config?.machine) return;
      const key = readMachineKey(request);
      const machine = key ? await resolveMachineKey(db, key) : null;
      if (!machine) return reply.code(200).send(fail(familyOf(routePath(request)), ResultCode.NOT_LOGGED_IN, MachineKeyMessages.refused));
      request.machine = machine;
    });
  },
  { name: 'mes-machine-key' },
);
