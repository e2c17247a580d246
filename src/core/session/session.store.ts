import { createStore } from 'zustand/vanilla';
import type { UserInfo } from '../contracts';
import { STORAGE_KEYS, STORAGE_PREFIX } from '../constants';
import { localStorageOf, sessionStorageOf, storageKeys } from '../storage';

export type SessionMode = 'standalone' | 'embedded';
export type LogoutReason = 'user' | 'expired' | 'unauthorized';

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
  mode: SessionMode;
}

export interface SessionEvent {
  type: 'expired' | 'logout';
  reason: LogoutReason;
}

interface SessionRuntime {
  /** Standalone logout ends with a page reload (spec §4). */
  reload: () => void;
}

/** Keys of ours that survive logout: UI preference and the 401 tip shown on the next login page. */
const KEPT_KEYS: readonly string[] = [STORAGE_KEYS.sidebarCollapsed, STORAGE_KEYS.unauthorizedTip];

function readStoredToken(): string | null {
  const token = sessionStorageOf().getItem(STORAGE_KEYS.token);
  return token ? token : null;
}

export const sessionStore = createStore<SessionState>()(() => ({
  token: readStoredToken(),
  user: null,
  mode: 'standalone',
}));

const runtime: SessionRuntime = {
  reload: () => globalThis.location?.reload(),
};

const listeners = new Set<(event: SessionEvent) => void>();

/** Replaces the page reload (tests, hosts that manage navigation themselves). */
export function configureSession(options: Partial<SessionRuntime>): void {
  Object.assign(runtime, options);
}

/** Standalone keeps the token in sessionStorage; embedded keeps it in memory only (the host owns it). */
export function setMode(mode: SessionMode): void {
  const { token } = sessionStore.getState();
  if (mode === 'standalone') {
    sessionStore.setState({ mode, token: token ?? readStoredToken() });
    const current = sessionStore.getState().token;
    if (current) sessionStorageOf().setItem(STORAGE_KEYS.token, current);
  } else {
    sessionStore.setState({ mode });
  }
}

export function setToken(token: string | null): void {
  const value = token ? token : null;
  const storage = sessionStorageOf();
  if (sessionStore.getState().mode === 'standalone' && value) storage.setItem(STORAGE_KEYS.token, value);
  else storage.removeItem(STORAGE_KEYS.token);
  sessionStore.setState({ token: value });
}

export function setUser(user: UserInfo | null): void {
  sessionStore.setState({ user });
}

export const getToken = (): string | null => sessionStore.getState().token;
export const getUser = (): UserInfo | null => sessionStore.getState().user;
export const isEmbedded = (): boolean => sessionStore.getState().mode === 'embedded';

export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Expires every cookie visible to this page, for the current path and domain (and their parents). */
export function clearCookies(doc: Pick<Document, 'cookie'> | undefined = globalThis.document): void {
  if (!doc || typeof doc.cookie !== 'string' || doc.cookie === '') return;
  const names = doc.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim())
    .filter((name): name is string => Boolean(name));
  const pathname = globalThis.location?.pathname ?? '/';
  const hostname = globalThis.location?.hostname ?? '';
  const paths = new Set(['/', pathname]);
  const domains = new Set(['', hostname, hostname ? `.${hostname}` : '']);
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';
  for (const name of names) {
    for (const path of paths) {
      for (const domain of domains) {
        doc.cookie = `${name}=; ${expired}; path=${path}${domain ? `; domain=${domain}` : ''}`;
      }
    }
  }
}

function clearStoredKeys(storage: Storage): void {
  for (const key of storageKeys(storage)) {
    if (key.startsWith(STORAGE_PREFIX) && !KEPT_KEYS.includes(key)) storage.removeItem(key);
  }
}

/**
 * Clears cookie, tokens, user info, stored ids and caches (spec §4), tells listeners, then reloads
 * the page in standalone mode. Embedded mode never reloads: the host decides (it gets the event).
 */
export function logout(reason: LogoutReason): void {
  const { mode } = sessionStore.getState();
  clearCookies();
  clearStoredKeys(sessionStorageOf());
  clearStoredKeys(localStorageOf());
  sessionStore.setState({ token: null, user: null });
  const event: SessionEvent = { type: reason === 'user' ? 'logout' : 'expired', reason };
  for (const listener of [...listeners]) listener(event);
  if (mode === 'standalone') runtime.reload();
}
