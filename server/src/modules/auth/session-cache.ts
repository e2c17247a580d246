/** What a live access token stands for: who, where, until when, and every authority code held there (sorted). */
export interface KnownSession {
  userId: number;
  username: string;
  enterpriseId: number;
  orgId: number;
  pairId: string;
  expiresAt: Date;
  codes: ReadonlySet<string>;
}

/** At most this many tokens are kept; the oldest kept goes first. */
export const SESSION_CACHE_ENTRIES = 10_000;
/** A kept session is asked of the database again after this long, whatever was heard meanwhile. */
export const SESSION_CACHE_MS = 5 * 60_000;

/**
 * Live sessions by token hash, kept in memory so a request does not ask the database who it is.
 * Exact, not approximate: it answers only while the database's session channel is listened to
 * (db/notifications.ts), and drops everything when a change is heard (a token revoked, an account
 * disabled or renamed, a role or its authorities changed: migration 0031) or when listening stops
 * or starts again. A session read from the database is kept only if nothing was heard while it was
 * being read (`generation`), so a read that raced a change is used once, never kept. Only live
 * sessions are kept: an unknown or dead token always asks the database, so strangers cannot fill it.
 */
export class SessionCache {
  private readonly sessions = new Map<string, { session: KnownSession; at: number }>();
  private listening = false;
  /** Counts every change heard; a read keeps its session only if this did not move meanwhile. */
  private generation = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  /** The session channel is (not) listened to: either way what is kept may be stale. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate();
  }

  /** Something a session depends on changed. */
  invalidate(): void {
    this.generation += 1;
    this.sessions.clear();
  }

  /** Whether sessions may be answered from memory now. */
  get enabled(): boolean {
    return this.listening;
  }

  /** Taken before a session is read from the database; handed back to `keep`. */
  get mark(): number {
    return this.generation;
  }

  /** The kept session of a token hash while its token is unexpired at `now`. */
  get(hash: string, now: Date): KnownSession | undefined {
    if (!this.listening) return undefined;
    const kept = this.sessions.get(hash);
    if (!kept) return undefined;
    if (kept.session.expiresAt <= now || this.clock() - kept.at >= SESSION_CACHE_MS) {
      this.sessions.delete(hash);
      return undefined;
    }
    return kept.session;
  }

  /** Keeps a session read from the database after `mark`, unless a change was heard since. */
  keep(hash: string, session: KnownSession, mark: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.sessions.size >= SESSION_CACHE_ENTRIES && !this.sessions.has(hash)) {
      this.sessions.delete(this.sessions.keys().next().value as string);
    }
    this.sessions.set(hash, { session, at: this.clock() });
  }
}
