// 设备总览 (/new-home) live: a machine key is issued on /oneMachine (shown once), a gateway posts a
// fault event with it through the ingestion API, and the device's tile on the open page turns red
// without a reload (server-sent events); its tile opens /device-detail with the timeline and figures.
import { describe, expect, it } from 'vitest';
import { DeviceStatusPaths } from '@core/contracts/device-status';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

describe('设备总览', () => {
  const env = useE2eEnvironment('device-live');

  let key = '';
  /** A gateway's status event for one device, posted with the machine key. */
  const postStatus = async (deviceNo: string, status: number, reason?: string) => {
    const response = await fetch(`${env.server.url}${DeviceStatusPaths.events}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', X_MACHINE_KEY: key },
      body: JSON.stringify({ events: [{ deviceNo, status, at: Date.now(), reason }] }),
    });
    expect(await response.json()).toEqual({ resultCode: 1000, resultData: { accepted: 1, duplicates: 0 } });
  };

  it('issues a machine key on /oneMachine and shows it once', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await ui.openList(page, env.server.url, '/oneMachine');
    const row = ui.rowWith(page, 'YTJ-01');
    expect(await row.textContent()).toContain('未生成');
    await ui.listAfter(page, () => ui.rowAction(row, '生成密钥'));
    const shown = ui.dialog(page, '一体机密钥：印刷车间一体机');
    await shown.waitFor();
    key = (await shown.locator('.mes-machine-key').textContent())!.trim();
    expect(key).toMatch(/^mk_/);
    await shot(page, 'device-live-0-machine-key');
    await shown.getByRole('button', { name: '我已复制' }).click();
    // The list shows only the key's first characters from now on.
    await ui.rowWith(page, key.slice(0, 9)).waitFor();
    expect(await page.locator('.mes-list-table').textContent()).not.toContain(key);
  });

  it('turns a tile red live when a fault event is posted, and opens the device detail', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/new-home');
    const tiles = page.locator('.mes-device-tile');
    await tiles.first().waitFor();
    // Every seeded workshop is an area; the legend counts every device once.
    expect(await page.locator('.mes-workshop-area').count()).toBeGreaterThan(1);
    await page.locator('.mes-live-state', { hasText: '实时' }).waitFor();
    await shot(page, 'device-live-1-overview');

    // A device not in fault now.
    const running = page.locator('.mes-device-tile[data-status="3"]').first();
    const deviceNo = (await running.getAttribute('data-device-no'))!;
    await postStatus(deviceNo, 5, '断纸');

    const tile = page.locator(`.mes-device-tile[data-device-no="${deviceNo}"]`);
    await page.locator(`.mes-device-tile[data-device-no="${deviceNo}"][data-status="5"]`).waitFor();
    expect(await tile.locator('.mes-device-tile-status').textContent()).toBe('故障');
    expect(await tile.textContent()).toContain('原因：断纸');
    await shot(page, 'device-live-2-fault');

    await tile.click();
    await page.waitForURL((url) => url.pathname === '/device-detail');
    await page.locator('.mes-device-detail', { hasText: '故障' }).waitFor();
    await page.getByRole('tab', { name: '状态时间轴' }).click();
    // The band shows the fault once the timeline has loaded.
    await page.locator('.mes-device-detail .mes-timeline-band [data-status="5"]').last().waitFor();
    await shot(page, 'device-live-3-detail');

    // The header and 基本信息 follow the next event live: no reload.
    await page.evaluate(() => ((window as unknown as { beforeEvent: boolean }).beforeEvent = true));
    await postStatus(deviceNo, 4, '待料');
    await page.locator('.mes-device-detail-status[data-status="4"]', { hasText: '待机，待料' }).waitFor();
    await page.getByRole('tab', { name: '基本信息' }).click();
    await page.locator('.mes-detail-basics', { hasText: '待料' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { beforeEvent?: boolean }).beforeEvent)).toBe(true);
    await shot(page, 'device-live-3b-detail-live');
  });

  it('keeps the device tiles of /home live: 运行中设备 and 故障设备 follow status events', async () => {
    // YS-01 runs before the page opens, so the first figures count it as running.
    await postStatus('YS-01', 3);
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const value = async (tile: string) => Number((await page.locator(`.mes-home-tile[data-tile="${tile}"][data-loading="false"] .ant-statistic-content-value`).textContent())!.replace(/\D/g, ''));
    const [running, faults] = [await value('devices-running'), await value('devices-fault')];
    expect(running).toBeGreaterThan(0);
    // It goes into fault: one more in fault, one fewer running, without a reload.
    await postStatus('YS-01', 5, '卡纸');
    await expect.poll(() => value('devices-fault')).toBe(faults + 1);
    expect(await value('devices-running')).toBe(running - 1);
    await shot(page, 'device-live-5-home-live');
  });

  it('filters the areas by workshop and the tiles by status from the legend', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/new-home');
    await page.locator('.mes-device-tile').first().waitFor();
    await ui.pick(page.locator('.mes-filter-workshop'), '印刷车间');
    await expect.poll(() => page.locator('.mes-workshop-area').count()).toBe(1);
    expect(await page.locator('.mes-workshop-area').getAttribute('data-workshop')).toBe('印刷车间');
    // The legend counts the shown workshop's devices; clicking a status keeps only its tiles.
    const tiles = page.locator('.mes-device-tile');
    const total = await tiles.count();
    await page.locator('.mes-status-legend [data-status="3"]').click();
    await expect.poll(async () => (await tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))).every((status) => status === '3')).toBe(true);
    expect(await tiles.count()).toBeLessThan(total);
    await shot(page, 'device-live-4-filtered');
  });
});
