// Session and access journeys of the standalone console, on one server (each journey logs in its
// own browser context, so none sees another's session):
// - an account without any authority sees the no-permission dialog, and 重新登录 logs out back to
//   the login page;
// - a deep link without a session goes to the login page with a redirect query, and logging in as
//   admin lands back on the deep link (a module not built yet shows its notice);
// - an account close to expiry gets the reminder popup whose OK button stays disabled for 5 s,
//   counting down each second;
// - the access rules of spec §2 (history routing): root, /login while logged in, unknown paths, a
//   token in the query string, the remembered sidebar, the factory switch and logging out (last:
//   the factory switch lives in admin's server session).
import { describe, expect, it } from 'vitest';
import { pathOf, shot, useE2eEnvironment } from './support/harness';
import { logIn } from './support/login';

describe('session and access', () => {
  const env = useE2eEnvironment('session');

  /** A new browser context on the login page, the form submitted as `username`. */
  async function submitLogin(username: string, password: string) {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/login`);
    await logIn(page, username, password);
    return page;
  }

  describe('account without authorities', () => {
    it('shows the no-permission dialog and 重新登录 returns to the login page', async () => {
      const page = await submitLogin('noperm', 'noperm123');

      const dialog = page.getByRole('dialog').filter({ hasText: '当前工厂暂无权限，请联系管理员分配权限后重新登录' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('提示');
      await shot(page, 'no-permission-1-dialog');

      await dialog.getByRole('button', { name: '重新登录' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByPlaceholder('请输入用户名').waitFor();
      await dialog.waitFor({ state: 'detached' });
      // The session is gone: the token kept in sessionStorage was cleared.
      expect(await page.evaluate(() => sessionStorage.getItem('mes_token'))).toBeNull();
      await shot(page, 'no-permission-2-back-to-login');
    });
  });

  describe('deep link → login → back to the deep link', () => {
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
      const page = await submitLogin('admin', 'wrong-password');
      await page.getByText('用户名或密码错误').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await shot(page, 'deep-link-3-wrong-password');
    });
  });

  describe('expiring account', () => {
    it('shows 账号到期提醒 with OK disabled for 5 s, then enabled', async () => {
      const page = await submitLogin('expiring', 'expire123');

      const dialog = page.getByRole('dialog').filter({ hasText: '账号到期提醒' });
      await dialog.waitFor();
      const counting = dialog.getByRole('button', { name: /我知道了（\ds）/ });
      await counting.waitFor();
      const firstSeenAt = Date.now();
      const firstLabel = (await counting.innerText()).trim();
      // The countdown starts at 5 s; on a busy machine the first look may come a second after the dialog did.
      const firstSeconds = Number(/（(\d)s）/.exec(firstLabel)?.[1]);
      expect([5, 4]).toContain(firstSeconds);
      expect(await counting.isDisabled()).toBe(true);
      // The content names the expiry date and the days left.
      const content = await dialog.innerText();
      expect(content).toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(content).toContain('5');
      await shot(page, 'expiry-1-countdown-5s');

      await dialog.getByRole('button', { name: '我知道了（3s）' }).waitFor({ timeout: 4_000 });
      expect(await dialog.getByRole('button', { name: '我知道了（3s）' }).isDisabled()).toBe(true);
      await shot(page, 'expiry-2-countdown-3s');

      const ok = dialog.getByRole('button', { name: '我知道了', exact: true });
      await ok.waitFor({ timeout: 8_000 });
      const enabledAfterMs = Date.now() - firstSeenAt;
      expect(await ok.isEnabled()).toBe(true);
      // Enabled only when the countdown reached 0: at least the seconds still shown at the first look, less a second of jitter.
      expect(enabledAfterMs).toBeGreaterThanOrEqual((firstSeconds - 1) * 1000);
      await shot(page, 'expiry-3-ok-enabled');

      await ok.click();
      await dialog.waitFor({ state: 'hidden' });
      await shot(page, 'expiry-4-closed');
    });
  });

  describe('access rules of the standalone console', () => {
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
      const page = await submitLogin('admin', 'admin123');
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
});
