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
