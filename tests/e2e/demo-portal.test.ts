// Journey: the demo host portal (hostile global CSS, its own login form) embeds <mes-console>;
// the console renders inside its shadow root untouched by the host CSS, and the host URL follows
// the console's navigation through `navigate` events.
import { describe, expect, it } from 'vitest';
import { pathOf, settleAnimations, shot, useE2eEnvironment } from './support/harness';

describe('demo host portal', () => {
  const env = useE2eEnvironment('demo');

  it('logs in, shows the console inside the shadow root and keeps its URL in step', async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/demo/`);
    await page.locator('#demo-username').waitFor();
    await shot(page, 'demo-1-portal-login');

    await page.fill('#demo-username', 'admin');
    await page.fill('#demo-password', 'admin123');
    await page.click('#demo-login');

    const consoleEl = page.locator('mes-console');
    await consoleEl.waitFor();
    // CSS selectors pierce the open shadow root; the shell's header is inside it.
    const logout = page.locator('mes-console button:has-text("退出登录")');
    await logout.waitFor();
    expect(await page.evaluate(() => Boolean(document.querySelector('mes-console')?.shadowRoot))).toBe(true);
    expect(await page.evaluate(() => document.querySelector('mes-console')?.shadowRoot?.textContent ?? '')).toContain('系统管理员');
    await shot(page, 'demo-2-console-embedded');

    // The host's `button { background: red }` does not reach the console's buttons,
    // while the host's own buttons are red.
    const insideBg = await logout.evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(insideBg).not.toBe('rgb(255, 0, 0)');
    const hostButtonBg = await page.evaluate(() => {
      const b = document.createElement('button');
      document.body.appendChild(b);
      const bg = getComputedStyle(b).backgroundColor;
      b.remove();
      return bg;
    });
    expect(hostButtonBg).toBe('rgb(255, 0, 0)');
    // No antd style tags were added to the host document.
    const headStyles = await page.evaluate(() =>
      [...document.head.querySelectorAll('style')].filter((s) => /\.ant-|css-var|:where\(\.css-/.test(s.textContent ?? '')).length,
    );
    expect(headStyles).toBe(0);

    // Navigate inside the console: open the 模具管理 group and its 模具档案 page.
    const menu = page.locator('mes-console .ant-menu');
    await menu.locator('.ant-menu-submenu-title:has-text("模具管理")').first().click();
    await menu.locator('.ant-menu-item:has-text("模具档案")').first().click();
    await page.waitForURL((url) => url.searchParams.get('path') === '/mold-info');
    expect(pathOf(page)).toMatch(/^\/demo\/\?path=(%2F|\/)mold-info$/);
    await page.locator('mes-console [data-testid="module-pending"]:has-text("模具档案")').waitFor();
    expect((await page.locator('mes-console .ant-menu-item-selected').innerText()).trim()).toBe('模具档案');
    await shot(page, 'demo-3-navigated-mold-info');

    // The host's back button brings the console back along with the URL.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('path') !== '/mold-info');
    await page.locator('mes-console .mes-home .mes-home-greeting').waitFor();
    await shot(page, 'demo-4-after-back');
    // The sidebar follows the route the host sent back, not the last clicked item.
    const selected = page.locator('mes-console .ant-menu-item-selected');
    expect(await selected.count()).toBe(1);
    expect((await selected.innerText()).trim()).toBe('首页');
  });

  it("asks before the host's back button leaves unsaved changes, and keeps the host URL on the page the user stays on", async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/demo/`);
    await page.fill('#demo-username', 'admin');
    await page.fill('#demo-password', 'admin123');
    await page.click('#demo-login');
    const hostPath = () => new URL(page.url()).searchParams.get('path') ?? '/';
    // The console navigates by itself: 建模 → 设备 → 新增设备; the host URL follows each step.
    const menu = page.locator('mes-console .ant-menu');
    await menu.locator('.ant-menu-submenu-title:has-text("系统配置")').first().click();
    await menu.locator('.ant-menu-item:has-text("建模")').first().click();
    await page.waitForURL(() => hostPath().startsWith('/modeling'));
    await page.locator('mes-console').getByRole('tab', { name: '设备' }).click();
    await page.waitForURL(() => hostPath().includes('tab=device'));
    await page.locator('mes-console').getByRole('button', { name: '新增设备' }).click();
    await page.waitForURL(() => hostPath().startsWith('/edit-device'));
    const editorPath = hostPath();
    const name = page.locator('mes-console').getByPlaceholder('请输入设备名称');
    await name.fill('门户里未保存的设备');

    // The host's back button moves the host URL and asks the console to follow: the console asks first.
    const leave = page.locator('mes-console .ant-modal-confirm').filter({ hasText: '放弃未保存的修改？' });
    await page.goBack();
    await leave.waitFor();
    await settleAnimations(page);
    await shot(page, 'demo-5-leave-unsaved');
    await leave.getByRole('button', { name: '继续编辑' }).click();
    await leave.waitFor({ state: 'detached' });
    // Staying on the page brings the host URL back to it; the typed name is still there.
    await expect.poll(hostPath).toBe(editorPath);
    expect(await name.inputValue()).toBe('门户里未保存的设备');

    // 离开 follows the host where its back button went.
    await page.goBack();
    await leave.waitFor();
    const target = hostPath();
    expect(target).not.toBe(editorPath);
    await settleAnimations(page);
    await leave.getByRole('button', { name: '离开' }).click();
    await name.waitFor({ state: 'detached' });
    expect(hostPath()).toBe(target);
    await shot(page, 'demo-6-left-editor');
  });
});
