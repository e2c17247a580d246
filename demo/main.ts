// Demo host portal: plain TypeScript, its own login, then embeds <mes-console> with token + user.
import '@elements/index';

interface PortalSession {
  token: string;
  user: { nickName?: string; username?: string } & Record<string, unknown>;
}

const SESSION_KEY = 'demo_portal_session';
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const loginView = byId<HTMLElement>('portal-login');
const appView = byId<HTMLElement>('portal-app');
const userBox = byId<HTMLElement>('portal-user');
const userName = byId<HTMLElement>('portal-user-name');
const errorText = byId<HTMLElement>('demo-error');
const form = byId<HTMLFormElement>('demo-login-form');
const loginButton = byId<HTMLButtonElement>('demo-login');

function readSession(): PortalSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as PortalSession) : null;
  } catch {
    return null;
  }
}

function pathFromUrl(): string {
  return new URLSearchParams(window.location.search).get('path') || '/';
}

function portalUrl(path: string): string {
  return `${window.location.pathname}?path=${encodeURIComponent(path).replace(/%2F/g, '/')}`;
}

async function api<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', X_REQUEST_SOURCE: 'PC' };
  if (init.token) {
    headers.Authorization = `bearer ${init.token}`;
    headers.access_token = init.token;
  }
  const response = await fetch(url, { ...init, headers });
  const body = (await response.json().catch(() => ({}))) as { success?: boolean; data?: T; message?: string };
  if (!response.ok || body.success === false) throw new Error(body.message || `请求失败（${response.status}）`);
  return body.data as T;
}

function showLogin(notice = '') {
  appView.replaceChildren();
  appView.hidden = true;
  userBox.hidden = true;
  loginView.hidden = false;
  errorText.textContent = notice;
  byId<HTMLInputElement>('demo-username').focus();
}

function endSession(notice: string) {
  sessionStorage.removeItem(SESSION_KEY);
  history.replaceState(null, '', window.location.pathname);
  showLogin(notice);
}

function showConsole(session: PortalSession) {
  loginView.hidden = true;
  userBox.hidden = false;
  userName.textContent = `您好，${session.user.nickName ?? session.user.username ?? ''}`;
  const consoleElement = document.createElement('mes-console') as HTMLElement & { token?: string; user?: unknown };
  consoleElement.setAttribute('base-url', '');
  consoleElement.setAttribute('path', pathFromUrl());
  // Properties, not attributes: the token never appears in the DOM.
  consoleElement.token = session.token;
  consoleElement.user = session.user;
  consoleElement.addEventListener('navigate', (event) => {
    const { path, replace } = (event as CustomEvent<{ path: string; replace?: boolean }>).detail;
    consoleElement.setAttribute('path', path);
    if (path === pathFromUrl()) return;
    if (replace) history.replaceState(null, '', portalUrl(path));
    else history.pushState(null, '', portalUrl(path));
  });
  consoleElement.addEventListener('mes-session-expired', () => endSession('登录已过期，请重新登录门户'));
  consoleElement.addEventListener('mes-logout', () => endSession(''));
  appView.replaceChildren(consoleElement);
  appView.hidden = false;
}

window.addEventListener('popstate', () => {
  appView.querySelector('mes-console')?.setAttribute('path', pathFromUrl());
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const username = byId<HTMLInputElement>('demo-username').value.trim();
  const password = byId<HTMLInputElement>('demo-password').value;
  if (!username || !password) {
    errorText.textContent = '请输入用户名和密码';
    return;
  }
  loginButton.disabled = true;
  errorText.textContent = '';
  try {
    const info = await api<{ access_token: string }>('/base/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username, password }),
    });
    const user = await api<PortalSession['user']>('/base/user/info', { token: info.access_token });
    const session = { token: info.access_token, user };
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    showConsole(session);
  } catch (error) {
    errorText.textContent = error instanceof Error ? error.message : '登录失败';
  } finally {
    loginButton.disabled = false;
  }
});

byId<HTMLButtonElement>('portal-logout').addEventListener('click', () => {
  const token = readSession()?.token;
  if (token) void api('/base/auth/logout', { method: 'POST', token }).catch(() => undefined);
  endSession('');
});

const existing = readSession();
if (existing) showConsole(existing);
else showLogin();
