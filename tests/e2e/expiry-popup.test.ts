// Journey: an account close to expiry gets the reminder popup whose OK button stays disabled
// for 5 s, counting down each second.
import { describe, expect, it } from 'vitest';
import { shot, useE2eEnvironment } from './support/harness';
import { logIn } from './support/login';

describe('expiring account', () => {
  const env = useE2eEnvironment('expiry');

  it('shows 账号到期提醒 with OK disabled for 5 s, then enabled', async () => {
    const page = await env.newPage();
    await page.goto(`${env.server.url}/login`);
    await logIn(page, 'expiring', 'expire123');

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
