import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * NOTIFY sent by the database itself (triggers), heard by this process: what a cache in memory
 * needs to stay exact while any writer, in this process or another, changes the rows it keeps.
 *
 * - PostgreSQL: every pooled connection LISTENs to DATABASE_CHANNELS before its first query, so a
 *   write made through this process's pool is heard on its own connection before its statement
 *   (or its COMMIT) resolves: PostgreSQL sends a session the notifications of its own transaction
 *   before it reports the transaction done. Writes of other processes reach a dedicated listening
 *   connection (ListeningConnection); while it is down the channel is not `listening`, and a cache
 *   must not answer from memory, since a notification may be lost.
 * - PGlite (one process): its listen callback runs before the committing query resolves; always
 *   listening.
 */

/** SESSION_CHANNEL: a token, an account's status or name, or its roles and their authorities changed (migration 0031). */
export const SESSION_CHANNEL = 'mes_session';
/** The channels every pooled PostgreSQL connection listens to. */
export const DATABASE_CHANNELS: readonly string[] = [SESSION_CHANNEL];

export interface ChannelHandlers {
  /** A NOTIFY on the channel was heard. */
  message(payload: string): void;
  /** Whether every NOTIFY on the channel reaches this process from now on; called at once with the present state, then on every change. */
  listening(listening: boolean): void;
}

/** Stops watching. */
export type Unwatch = () => Promise<void>;

interface NotificationHub {
  watch(channel: string, handlers: ChannelHandlers): Promise<Unwatch>;
}

const hubs = new WeakMap<object, NotificationHub>();

/**
 * Watches a database channel of `db` (opened by `openDatabase`/`openPglite`). A handle opened
 * otherwise hears nothing: the channel is reported not listening, so a cache stays off.
 */
export async function watchDatabaseChannel(db: object, channel: string, handlers: ChannelHandlers): Promise<Unwatch> {
  const hub = hubs.get(db);
  if (!hub) {
    handlers.listening(false);
    return async () => {};
  }
  return hub.watch(channel, handlers);
}

const quoted = (channel: string) => `LISTEN ${pg.escapeIdentifier(channel)}`;

/**
 * One connection that LISTENs to a set of channels and reconnects by itself a second after it is
 * lost; `onListening` hears each change of state (false when lost, true once every channel is
 * listened to again). Notifications sent while it is down are lost: its users start afresh.
 */
export class ListeningConnection {
  private readonly channels = new Set<string>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly onNotification: (channel: string, payload: string) => void,
    private readonly onListening: (listening: boolean) => void = () => {},
    private readonly log: (message: string) => void = () => {},
  ) {}

  get listening(): boolean {
    return this.client !== null;
  }

  /** Resolves once the channel is listened to (or the connection is closed). */
  async listen(channel: string): Promise<void> {
    if (this.channels.has(channel)) return this.connect();
    this.channels.add(channel);
    await this.connect();
    // LISTEN twice is harmless: the channel may have joined while the connection was opening.
    await this.client?.query(quoted(channel));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private connect(): Promise<void> {
    if (this.connecting) return this.connecting;
    const next = new pg.Client({ connectionString: this.connectionString, application_name: 'mes-listen' });
    const lost = (reason: string) => {
      if (this.connecting !== attempt) return;
      this.connecting = null;
      if (this.client === next) {
        this.client = null;
        this.onListening(false);
      }
      next.end().catch(() => {});
      if (this.closed) return;
      this.log(`[db] LISTEN connection lost: ${reason}`);
      setTimeout(() => void this.connect().catch(() => {}), 1000).unref();
    };
    next.on('notification', (message) => this.onNotification(message.channel, message.payload ?? ''));
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('closed'));
    const attempt: Promise<void> = (async () => {
      try {
        await next.connect();
        for (const channel of this.channels) await next.query(quoted(channel));
      } catch (error) {
        lost(error instanceof Error ? error.message : String(error));
        throw error;
      }
      if (this.closed) {
        await next.end().catch(() => {});
        return;
      }
      this.client = next;
      this.onListening(true);
    })();
    this.connecting = attempt;
    return attempt;
  }
}

/**
 * PostgreSQL: the pool's connections listen to DATABASE_CHANNELS as they open (their own writes are
 * heard before the write resolves); one ListeningConnection per process, opened with the first
 * watcher and closed with the last, hears every watched channel (DATABASE_CHANNELS and the
 * pub/sub's, lib/pubsub.ts) from every process and tells whether nothing is missed.
 */
export function registerPostgresNotifications(db: object, pool: pg.Pool, connectionString: string, log: (message: string) => void): void {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const states = new Set<(listening: boolean) => void>();
  pool.on('connect', (client) => {
    client.on('notification', (message) => emitter.emit(message.channel, message.payload ?? ''));
    // Queued before the query the connection was opened for.
    for (const channel of DATABASE_CHANNELS) client.query(quoted(channel)).catch((error: Error) => log(`[db] LISTEN ${channel} failed: ${error.message}`));
  });
  let listener: ListeningConnection | null = null;
  let watchers = 0;
  hubs.set(db, {
    async watch(channel, handlers) {
      watchers += 1;
      listener ??= new ListeningConnection(
        connectionString,
        (heard, payload) => emitter.emit(heard, payload),
        (listening) => states.forEach((state) => state(listening)),
        log,
      );
      const own = listener;
      emitter.on(channel, handlers.message);
      states.add(handlers.listening);
      handlers.listening(false);
      // Listening before this resolves, unless the database cannot be reached (then it keeps trying).
      await own.listen(channel).catch(() => {});
      if (own.listening) handlers.listening(true);
      let open = true;
      return async () => {
        if (!open) return;
        open = false;
        emitter.off(channel, handlers.message);
        states.delete(handlers.listening);
        watchers -= 1;
        if (watchers === 0 && listener === own) {
          listener = null;
          await own.close();
        }
      };
    },
  });
}

/** PGlite: one process, one connection; its notifications are heard before the query that sent them resolves. */
export function registerPgliteNotifications(db: object, pglite: PGlite): void {
  hubs.set(db, {
    async watch(channel, handlers) {
      const unlisten = await pglite.listen(channel, handlers.message);
      handlers.listening(true);
      let open = true;
      return async () => {
        if (!open) return;
        open = false;
        if (!pglite.closed) await unlisten();
      };
    },
  });
}
