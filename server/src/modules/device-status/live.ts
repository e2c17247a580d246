import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Overview, StatusChange } from '@core/contracts/device-status';
import { MAX_PAYLOAD_BYTES, type PubSub } from '../../lib/pubsub';

/** The pub/sub channel of status changes (every server process on the database hears it). */
export const STATUS_CHANNEL = 'mes_device_status';
/** A comment line this often keeps proxies and the client from thinking the stream died. */
const HEARTBEAT_MS = 15_000;
/** How often an open stream checks that its session is still valid. */
const SESSION_CHECK_MS = 60_000;
/** The client waits this long before reconnecting (SSE `retry`). */
const RETRY_MS = 2_000;

interface Message {
  e: number;
  o: number;
  c: StatusChange[];
}

interface Client {
  send(event: string, data: unknown): void;
  end(): void;
}

/** An SSE frame. */
export function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Live status for screens: changes are published on the pub/sub (after their write committed) and
 * every process fans them out to its stream clients of the same factory. A client gets the
 * factory's whole picture (`snapshot`) first on every connect, so reconnecting after a gap puts it
 * back in sync; then `status` events.
 */
export class LiveHub {
  private readonly clients = new Map<string, Set<Client>>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly pubsub: PubSub,
    /** How often an open stream checks its session (tests shorten it). */
    private readonly sessionCheckMs = SESSION_CHECK_MS,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.pubsub.subscribe(STATUS_CHANNEL, (payload) => this.dispatch(payload));
  }

  /** Ends every stream (server shutdown); clients reconnect to another process or later. */
  stop(): void {
    this.unsubscribe?.();
    for (const set of this.clients.values()) for (const client of set) client.end();
    this.clients.clear();
  }

  get connections(): number {
    let count = 0;
    for (const set of this.clients.values()) count += set.size;
    return count;
  }

  /** Publishes the changes of one factory, in messages small enough for NOTIFY. */
  async publish(enterpriseId: number, orgId: number, changes: StatusChange[]): Promise<void> {
    let chunk: StatusChange[] = [];
    let size = 0;
    const flush = async () => {
      if (chunk.length) await this.pubsub.publish(STATUS_CHANNEL, JSON.stringify({ e: enterpriseId, o: orgId, c: chunk } satisfies Message));
      chunk = [];
      size = 0;
    };
    for (const change of changes) {
      const bytes = JSON.stringify(change).length * 3 + 1;
      if (size + bytes > MAX_PAYLOAD_BYTES - 100) await flush();
      chunk.push(change);
      size += bytes;
    }
    await flush();
  }

  private dispatch(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    const set = this.clients.get(`${message.e}:${message.o}`);
    if (!set) return;
    for (const change of message.c) for (const client of set) client.send('status', change);
  }

  /**
   * Takes the request's connection over as a `text/event-stream` of the factory: registers first
   * (changes arriving meanwhile wait), sends the snapshot, then the waiting changes and every next one.
   */
  async stream(
    request: FastifyRequest,
    reply: FastifyReply,
    factory: { enterpriseId: number; orgId: number },
    snapshot: () => Promise<Overview>,
    stillValid: () => Promise<boolean>,
  ): Promise<void> {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    const key = `${factory.enterpriseId}:${factory.orgId}`;
    let waiting: string[] | null = [];
    let open = true;
    const client: Client = {
      send(event, data) {
        if (!open) return;
        const text = frame(event, data);
        if (waiting) waiting.push(text);
        else raw.write(text);
      },
      end() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearInterval(check);
        raw.end();
      },
    };
    const set = this.clients.get(key) ?? new Set<Client>();
    set.add(client);
    this.clients.set(key, set);
    const heartbeat = setInterval(() => open && raw.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    // Ended when the session is: the client reconnects, is refused (1003) and goes to the login.
    const check = setInterval(() => {
      stillValid().then(
        (valid) => valid || leave(),
        () => undefined,
      );
    }, this.sessionCheckMs);
    check.unref();
    const leave = () => {
      client.end();
      set.delete(client);
      if (set.size === 0 && this.clients.get(key) === set) this.clients.delete(key);
    };
    request.raw.on('close', leave);
    raw.on('close', leave);
    try {
      const picture = await snapshot();
      if (!open) return;
      raw.write(frame('snapshot', picture));
      for (const text of waiting) raw.write(text);
      waiting = null;
    } catch (error) {
      request.log.error(error, 'device status snapshot failed');
      leave();
    }
  }
}
