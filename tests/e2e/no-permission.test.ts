// Journey: an account without any authority sees the no-permission dialog, and 重新登录 logs out
// back to the login page.
import { describe, expect, it } from 'vitest';
import { shot, useE2eEnvironment } from './support/harness';
import { logIn } from './support/login';

describe('account without authorities', () => {
  const env = useE2eEnvironment('no-permission');

  it('shows the no-permission dialog and 重新登录 returns to the login page', async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/login`);
    await logIn(page, 'noperm', 'noperm123');

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
