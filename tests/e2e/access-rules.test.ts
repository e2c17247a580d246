// Journeys over the access rules of spec §2 in the standalone console (history routing):
// root, /login while logged in, unknown paths, a token in the query string, the remembered
// sidebar, the factory switch and logging out.
import { describe, expect, it } from 'vitest';
import { pathOf, shot, useE2eEnvironment } from './support/harness';
import { logIn } from './support/login';

describe('access rules of the standalone console', () => {
  const env = useE2eEnvironment('access');

  it('sends the root to /login without a redirect query, then to the first home route', async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page)).toBe('/login');
    await logIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.locator('.mes-home .mes-home-greeting').waitFor();
    await shot(page, 'access-1-root-to-home');

    // Logged in: /login goes to / (and on to the home route); unknown paths go home.
    await page.goto(`${env.server.url}/login`);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto(`${env.server.url}/no-such-page`);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('button', { name: '退出登录' }).waitFor();
  });

  it('discards a token in the page query string and sends the user to login', async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/device-info?token=planted-token-123`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(page.url()).not.toContain('planted-token-123');
    await page.getByPlaceholder('请输入用户名').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('mes_token'))).toBeNull();
    await shot(page, 'access-2-query-token-discarded');
  });

  it('remembers the collapsed sidebar, switches factory and logs out', async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/login`);
    await logIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => url.pathname === '/home');

    await page.getByRole('button', { name: '收起菜单' }).click();
    await page.locator('.ant-layout-sider-collapsed').waitFor();
    await page.reload();
    await page.getByRole('button', { name: '展开菜单' }).waitFor();
    expect(await page.locator('.ant-layout-sider-collapsed').count()).toBe(1);
    await shot(page, 'access-3-sidebar-collapsed-after-reload');
    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.getByRole('button', { name: '收起菜单' }).waitFor();

    const orgSwitch = page.locator('[data-testid="org-switch"]');
    await orgSwitch.click();
    await page.locator('.ant-select-item-option:has-text("示例纸板厂")').click();
    await page.locator('[data-testid="org-switch"]:has-text("示例纸板厂")').waitFor();
    // The switch lives in the server session: it survives a reload.
    await page.reload();
    await page.locator('[data-testid="org-switch"]:has-text("示例纸板厂")').waitFor();
    await shot(page, 'access-4-factory-switched');

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByPlaceholder('请输入用户名').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('mes_token'))).toBeNull();
    // The remembered sidebar flag survives logout (spec §4 keeps it).
    expect(await page.evaluate(() => localStorage.getItem('mes_sidebar_collapsed'))).toBe('0');
    await shot(page, 'access-5-logged-out');
  });
});
