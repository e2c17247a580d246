import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../db';

/**
 * Messages between server processes (live screens: a status change ingested by one process reaches
 * the screens connected to every process). On PostgreSQL: NOTIFY / LISTEN on one dedicated
 * connection per process, so several API processes on one database all hear every change; on
 * PGlite (one process by design, lockfile): in-process. Publish after the write has committed.
 */
export interface PubSub {
  publish(channel: string, payload: string): Promise<void>;
  /** Resolves once listening, with the unsubscribe function. */
  subscribe(channel: string, listener: (payload: string) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** PostgreSQL limits a NOTIFY payload to 8000 bytes: callers keep messages under this. */
export const MAX_PAYLOAD_BYTES = 7000;

/** One process: listeners are called on the next tick. */
export function inProcessPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      setImmediate(() => emitter.emit(channel, payload));
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * PostgreSQL NOTIFY/LISTEN: `publish` sends `pg_notify` through a pooled query (`notify`), a
 * dedicated client LISTENs to every channel subscribed in this process and reconnects by itself
 * after a lost connection (a message sent while it is down is lost: screens resynchronise on their
 * own reconnect, which the stream's snapshot covers).
 */
export function postgresPubSub(connectionString: string, notify: (channel: string, payload: string) => Promise<void>, log: (message: string) => void = () => {}): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const channels = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  const connect = (): Promise<void> => {
    if (connecting) return connecting;
    connecting = (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => emitter.emit(message.channel, message.payload ?? ''));
      next.on('error', (error) => {
        log(`[pubsub] LISTEN connection lost: ${error.message}`);
        if (client === next) client = null;
        connecting = null;
        if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
      });
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
    })();
    return connecting;
  };

  return {
    async publish(channel, payload) {
      await notify(channel, payload);
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      if (!channels.has(channel)) {
        channels.add(channel);
        await connect();
        // LISTEN twice is harmless: the channel may have joined while the connection was opening.
        await client?.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      return () => emitter.off(channel, listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await connecting?.catch(() => {});
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

/** The pub/sub of a database: LISTEN/NOTIFY with a PostgreSQL connection string, in-process on PGlite. */
export function databasePubSub(db: Db, connectionString: string | null, log?: (message: string) => void): PubSub {
  if (!connectionString) return inProcessPubSub();
  return postgresPubSub(connectionString, async (channel, payload) => void (await sql`select pg_notify(${channel}, ${payload})`.execute(db)), log);
}
