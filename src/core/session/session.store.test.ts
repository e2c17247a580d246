import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../storage';
import {
  clearCookies,
  configureSession,
  getToken,
  logout,
  onSessionEvent,
  sessionStore,
  setMode,
  setToken,
  setUser,
  type SessionEvent,
} from './session.store';

let session: Storage;
let local: Storage;
let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  session = createMemoryStorage();
  local = createMemoryStorage();
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
  reload = vi.fn<() => void>();
  configureSession({ reload });
  setMode('standalone');
  setToken(null);
  setUser(null);
});

afterEach(() => vi.unstubAllGlobals());

describe('token', () => {
  it('standalone keeps the token in sessionStorage mes_token', () => {
    setToken('abc');
    expect(session.getItem('mes_token')).toBe('abc');
    expect(getToken()).toBe('abc');
    setToken(null);
    expect(session.getItem('mes_token')).toBeNull();
  });

  it('standalone restores a stored token (page reload)', () => {
    session.setItem('mes_token', 'from-last-load');
    setMode('standalone');
    expect(sessionStore.getState().token).toBe('from-last-load');
  });

  it('embedded keeps the token in memory only', () => {
    setMode('embedded');
    setToken('host');
    expect(getToken()).toBe('host');
    expect(session.getItem('mes_token')).toBeNull();
  });
});

describe('logout', () => {
  function fillStorage() {
    setToken('t');
    setUser({ userId: 1 } as never);
    session.setItem('mes_org_id', '1001');
    session.setItem('mes_next_remind_time', '123');
    session.setItem('mes_unauthorized_tip', '1');
    session.setItem('host_key', 'keep');
    local.setItem('mes_cache_dict', '{}');
    local.setItem('mes_sidebar_collapsed', 'true');
    local.setItem('other_app', 'keep');
  }

  it('clears tokens, user, stored ids and caches but keeps the sidebar flag, tip flag and foreign keys', () => {
    fillStorage();
    logout('user');
    expect(sessionStore.getState()).toMatchObject({ token: null, user: null });
    expect(session.getItem('mes_token')).toBeNull();
    expect(session.getItem('mes_org_id')).toBeNull();
    expect(session.getItem('mes_next_remind_time')).toBeNull();
    expect(local.getItem('mes_cache_dict')).toBeNull();
    expect(session.getItem('mes_unauthorized_tip')).toBe('1');
    expect(local.getItem('mes_sidebar_collapsed')).toBe('true');
    expect(session.getItem('host_key')).toBe('keep');
    expect(local.getItem('other_app')).toBe('keep');
  });

  it('standalone reloads the page; the event tells the reason', () => {
    const events: SessionEvent[] = [];
    const off = onSessionEvent((event) => events.push(event));
    fillStorage();
    logout('user');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'logout', reason: 'user' }]);
    off();
    logout('expired');
    expect(events).toHaveLength(1);
  });

  it('embedded never reloads, it emits expired', () => {
    const events: SessionEvent[] = [];
    const off = onSessionEvent((event) => events.push(event));
    setMode('embedded');
    setToken('host');
    logout('expired');
    expect(reload).not.toHaveBeenCalled();
    expect(events).toEqual([{ type: 'expired', reason: 'expired' }]);
    expect(getToken()).toBeNull();
    off();
  });

  it('expires every cookie for the current path and domain', () => {
    const writes: string[] = [];
    const jar = {
      get cookie() {
        return 'SESSION=1; theme=dark';
      },
      set cookie(value: string) {
        writes.push(value);
      },
    };
    vi.stubGlobal('location', { pathname: '/mes/device-info', hostname: 'factory.example.cn' });
    clearCookies(jar);
    for (const name of ['SESSION', 'theme']) {
      const mine = writes.filter((write) => write.startsWith(`${name}=;`));
      expect(mine.every((write) => write.includes('expires=Thu, 01 Jan 1970 00:00:00 GMT'))).toBe(true);
      expect(mine.some((write) => write.includes('path=/mes/device-info') && !write.includes('domain'))).toBe(true);
      expect(mine.some((write) => write.includes('path=/;') && write.includes('domain=factory.example.cn'))).toBe(true);
    }
  });
});
