import type { FastifyBaseLogger } from 'fastify';
import type { CreateWebhookRequest, DingtalkProxyRequest, RepairWebhook, UpdateWebhookRequest } from '@core/contracts/device-repair';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { stampsOf } from '../../lib/datetime';
import { conflict, validation } from '../../lib/errors';
import { text } from '../../lib/rows';
import { deleteLogged, FactoryEntity, factoryList, inScope, insertRow, refuseTaken, requireRow, type RowOf, updateRow, writeUnique } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import type { AlertSender } from './alert-sender';

export const WebhookMessages = {
  notFound: '告警群不存在',
  urlTaken: '该机器人地址已配置',
  notConfigured: '该机器人地址未配置为本工厂的告警群（或已停用），不能发送',
  failed: '告警发送失败，请检查机器人地址或稍后重试',
} as const;

const UNIQUE_MESSAGES = { repair_webhook_url_uq: WebhookMessages.urlTaken };

const WEBHOOK_LIST = factoryList('w', {
  filters: { name: { column: 'w.name', kind: 'like', label: '群名称' } },
  sorts: { id: 'w.id', name: 'w.name', createTime: 'w.created_at' },
  defaultSort: { field: 'id', direction: 'asc' },
});

function webhookQuery(db: Db) {
  return db.selectFrom('repair_webhook as w').select(['w.id', 'w.name', 'w.url', 'w.enabled', 'w.remark', 'w.created_at', 'w.updated_at']);
}
function toWebhook(row: RowOf<typeof webhookQuery>): RepairWebhook {
  const { created_at, updated_at, ...rest } = row;
  return { ...rest, ...stampsOf({ created_at, updated_at }) };
}
const valuesOf = (request: CreateWebhookRequest) => ({ name: request.name.trim(), url: request.url.trim(), enabled: request.enabled, remark: text(request.remark) });

/**
 * The factory's group-chat robots (告警群) and the only way out to them: an alert goes to a
 * configured, enabled address of the caller's factory through the pluggable sender, never to an
 * address a request brings by itself (no SSRF).
 */
export class WebhookService extends FactoryEntity({ query: webhookQuery, alias: 'w', list: WEBHOOK_LIST, toView: toWebhook, notFound: WebhookMessages.notFound }) {
  constructor(
    db: Db,
    private readonly sender: AlertSender,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    super(db);
  }

  async create(scope: Scope, request: CreateWebhookRequest, context: OperationContext): Promise<{ id: number }> {
    return writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await refuseTaken(trx, 'repair_webhook', 'url', scope, request.url.trim(), WebhookMessages.urlTaken);
      const id = await insertRow(trx, 'repair_webhook', scope, valuesOf(request));
      await recordOperation(trx, context, { ...scope, content: `新增告警群：${request.name.trim()}` });
      return { id };
    });
  }

  async update(scope: Scope, request: UpdateWebhookRequest, context: OperationContext): Promise<void> {
    await writeUnique(this.db, UNIQUE_MESSAGES, async (trx) => {
      await requireRow(trx, 'repair_webhook', ['id'], scope, request.id, WebhookMessages.notFound);
      await refuseTaken(trx, 'repair_webhook', 'url', scope, request.url.trim(), WebhookMessages.urlTaken, request.id);
      await updateRow(trx, 'repair_webhook', scope, request.id, valuesOf(request));
      await recordOperation(trx, context, { ...scope, content: `编辑告警群：${request.name.trim()}` });
    });
  }

  deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return deleteLogged(this.db, { table: 'repair_webhook', label: 'name', log: '告警群', notFound: WebhookMessages.notFound }, scope, ids, context);
  }

  /** Spec §7 proxy: `url` must be an enabled robot of the caller's factory, else nothing is sent. */
  async proxy(scope: Scope, request: DingtalkProxyRequest): Promise<void> {
    const configured = await this.db
      .selectFrom('repair_webhook')
      .select('url')
      .where(inScope(scope))
      .where('enabled', '=', true)
      .where('url', '=', request.url.trim())
      .executeTakeFirst();
    if (!configured) throw validation(WebhookMessages.notConfigured);
    try {
      await this.sender.send(configured.url, request.message);
    } catch (error) {
      this.log.warn({ err: error, url: configured.url }, 'alert delivery failed');
      throw conflict(WebhookMessages.failed);
    }
  }

  /** Sends `message` to every enabled robot of the factory; a failing robot is logged, the others still get it. */
  async alertAll(scope: Scope, message: string): Promise<number> {
    const robots = await this.db.selectFrom('repair_webhook').select('url').where(inScope(scope)).where('enabled', '=', true).orderBy('id').execute();
    let sent = 0;
    for (const robot of robots) {
      try {
        await this.sender.send(robot.url, message);
        sent += 1;
      } catch (error) {
        this.log.warn({ err: error, url: robot.url }, 'alert delivery failed');
      }
    }
    return sent;
  }
}
