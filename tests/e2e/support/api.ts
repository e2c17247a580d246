// The API called from Node as one user: set-up that no screen is about (e.g. disabling an account
// before a picker is opened), and sessions handed to host pages the way a portal hands them over.
import type { Page } from 'playwright-core';

export interface ApiSession {
  token: string;
  /** GET without a body, POST with one; resolves to the envelope's data (any family), rejects on a failure. */
  call: <T = unknown>(path: string, body?: unknown) => Promise<T>;
}

async function request<T>(baseUrl: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', X_REQUEST_SOURCE: 'PC' };
  if (token) Object.assign(headers, { Authorization: `bearer ${token}`, access_token: token });
  const response = await fetch(`${baseUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
  // The three envelopes of DECISIONS.md: {success, data}, {succeed, body}, {resultCode, resultData}.
  const envelope = (await response.json()) as { success?: boolean; data?: T; succeed?: boolean; body?: T; resultCode?: number; resultData?: T };
  const succeeded = envelope.success === true || envelope.succeed === true || envelope.resultCode === 1000;
  if (!response.ok || !succeeded) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(envelope)}`);
  return (envelope.data ?? envelope.body ?? envelope.resultData) as T;
}

export async function apiSession(baseUrl: string, username: string, password: string): Promise<ApiSession> {
  const login = await request<{ access_token: string }>(baseUrl, '/base/auth/login', null, { username, password });
  const token = String(login.access_token);
  return { token, call: (path, body) => request(baseUrl, path, token, body) };
}

/**
 * Opens a host page on the server's origin that embeds only `tag`, and hands it the user and token
 * of a fresh login by properties, as a portal does; `orgId` moves that session to another factory first.
 */
export async function hostWithSession(page: Page, baseUrl: string, tag: string, { username = 'admin', password = 'admin123', orgId }: { username?: string; password?: string; orgId?: number } = {}): Promise<void> {
  await page.route(`${baseUrl}/host.html`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><body><h1>宿主页面</h1><script type="module" src="/mes-elements.js"></script><${tag}></${tag}></body></html>`,
    }),
  );
  await page.goto(`${baseUrl}/host.html`);
  const session = await apiSession(baseUrl, username, password);
  if (orgId !== undefined) await session.call(`/base/switch/user/org/${orgId}`, {});
  const user = await session.call('/base/user/info');
  await page.evaluate(
    ({ tag, user, token }) => {
      const element = document.querySelector(tag) as HTMLElement & { token?: string; user?: unknown };
      element.user = user;
      element.token = token;
    },
    { tag, user, token: session.token },
  );
}
