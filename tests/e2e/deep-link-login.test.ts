// Journey: a deep link without a session goes to the login page with a redirect query, and
// logging in as admin lands back on the deep link (a module not built yet shows its notice).
import { describe, expect, it } from 'vitest';
import { pathOf, shot, useE2eEnvironment } from './support/harness';
import { logIn } from './support/login';

describe('deep link → login → back to the deep link', () => {
  const env = useE2eEnvironment('deep-link');

  it('redirects to /login?redirect=… and returns to /mold-info after logging in as admin', async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/mold-info`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login?redirect=%2Fmold-info');
    await page.getByPlaceholder('请输入用户名').waitFor();
    await shot(page, 'deep-link-1-login-page');

    await logIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => url.pathname === '/mold-info');
    const pending = page.getByTestId('module-pending');
    await pending.waitFor();
    const text = await pending.innerText();
    expect(text).toContain('模具档案');
    expect(text).toContain('模块待开发');
    // Header: the user's nick name and the logout button.
    await page.getByText('系统管理员').first().waitFor();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    expect(pathOf(page)).toBe('/mold-info');
    await shot(page, 'deep-link-2-mold-info');
  });

  it('rejects a wrong password with the server message and stays on the login page', async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/login`);
    await logIn(page, 'admin', 'wrong-password');
    await page.getByText('用户名或密码错误').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'deep-link-3-wrong-password');
  });
});
