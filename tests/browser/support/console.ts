// Helpers for browser tests of <mes-console>: real logins against the reference server (proxied
// same-origin by web-test-runner.config.mjs), mounting, polling and shadow-root queries.
import '@elements/index';

export interface TestSession {
  token: string;
  user: Record<string, unknown>;
}

/** Logs in against the real server and loads the user info, as a host portal would. */
export async function realLogin(username: string, password: string): Promise<TestSession> {
  const res = await fetch('/base/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { success: boolean; data?: { access_token: string }; message?: string };
  if (!body.success || !body.data) throw new Error(`login ${username} failed: ${body.message ?? res.status}`);
  const token = body.data.access_token;
  const info = await fetch('/base/user/info', { headers: { Authorization: `bearer ${token}`, access_token: token } });
  const infoBody = (await info.json()) as { success: boolean; data?: Record<string, unknown> };
  if (!infoBody.success || !infoBody.data) throw new Error(`user info of ${username} failed (${info.status})`);
  return { token, user: infoBody.data };
}

/** Polls until `probe` returns a truthy value (or throws with `what` after the timeout). */
export async function waitFor<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type ConsoleElement = HTMLElement & { token?: string; user?: unknown; path?: string };

/** Appends a fresh <mes-console> with the given attributes and waits for its shadow root. */
export async function mountConsole(attributes: Record<string, string> = {}): Promise<ConsoleElement> {
  await customElements.whenDefined('mes-console');
  const el = document.createElement('mes-console') as ConsoleElement;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.appendChild(el);
  await waitFor(() => el.shadowRoot, 'the open shadow root');
  return el;
}

/** Removes every mounted console and lets React unmount (deferred a macrotask by the element). */
export async function unmountAll(): Promise<void> {
  document.querySelectorAll('mes-console').forEach((el) => el.remove());
  await new Promise((r) => setTimeout(r, 50));
  sessionStorage.clear();
}

/** Waits for running CSS animations/transitions in a shadow root (e.g. antd's modal zoom), max 2 s. */
export async function settle(root: ShadowRoot | Document): Promise<void> {
  const running = root.getAnimations().filter((a) => a.playState === 'running');
  await Promise.race([
    Promise.all(running.map((a) => a.finished.catch(() => undefined))),
    new Promise((r) => setTimeout(r, 2_000)),
  ]);
}

export function shadow(el: HTMLElement): ShadowRoot {
  if (!el.shadowRoot) throw new Error('no open shadow root');
  return el.shadowRoot;
}

export const byText = (root: ParentNode, selector: string, text: string): HTMLElement | undefined =>
  [...root.querySelectorAll<HTMLElement>(selector)].find((n) => (n.textContent ?? '').trim() === text);

export const loginInput = (el: HTMLElement) =>
  shadow(el).querySelector<HTMLInputElement>('input[placeholder="请输入用户名"]');

/** antd style tags in the host document's head (cssinjs marks them; their CSS names .ant-*). */
export const antdStylesInHead = () =>
  [...document.head.querySelectorAll('style')].filter(
    (s) => s.hasAttribute('data-css-hash') || s.hasAttribute('data-token-hash') || /\.ant-/.test(s.textContent ?? ''),
  ).length;
