import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type { Db } from '../db';
import { watchDatabaseChannel, type Unwatch } from '../db/notifications';

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
 * PostgreSQL NOTIFY/LISTEN: `publish` sends `pg_notify` through a pooled query, `subscribe` listens
 * on the database's one listening connection of this process (db/notifications.ts), which
 * reconnects by itself after a lost connection (a message sent while it is down is lost: screens
 * resynchronise on their own reconnect, which the stream's snapshot covers).
 */
export function postgresPubSub(db: Db): PubSub {
  const unwatches = new Set<Unwatch>();
  return {
    async publish(channel, payload) {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    async subscribe(channel, listener) {
      const unwatch = await watchDatabaseChannel(db, channel, { message: listener, listening: () => {} });
      unwatches.add(unwatch);
      return () => {
        if (unwatches.delete(unwatch)) void unwatch();
      };
    },
    async close() {
      const all = [...unwatches];
      unwatches.clear();
      await Promise.all(all.map((unwatch) => unwatch()));
    },
  };
}

/** The pub/sub of a database: LISTEN/NOTIFY on PostgreSQL (a connection string), in-process on PGlite. */
export function databasePubSub(db: Db, connectionString: string | null): PubSub {
  return connectionString ? postgresPubSub(db) : inProcessPubSub();
}
