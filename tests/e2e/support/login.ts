// Logging in through the console's own login form, as a user does.
import type { Page } from 'playwright-core';

/** Fills the console's login form (placeholders and button text of the shell's DOM hooks) and submits. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Opens `path` (with its query) through the login page and waits until the console shows it. */
export async function loginAt(page: Page, baseUrl: string, path: string, username = 'admin', password = 'admin123'): Promise<void> {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(path)}`);
  await logIn(page, username, password);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** Switches the logged-in user to another factory (示例纸板厂 …) from the header's switch, and waits until it shows. */
export async function switchFactory(page: Page, name: string): Promise<void> {
  await page.locator('[data-testid="org-switch"]').click();
  await page.locator(`.ant-select-item-option:has-text("${name}")`).click();
  await page.locator(`[data-testid="org-switch"]:has-text("${name}")`).waitFor();
}
