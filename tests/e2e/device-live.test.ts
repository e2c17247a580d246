// 设备总览 (/new-home) live: a gateway posts a fault event through the ingestion API with a machine
// key issued on /oneMachine, and the device's tile on the open page turns red without a reload
// (server-sent events); its tile opens /device-detail with the timeline and figures.
import { describe, expect, it } from 'vitest';
import { DeviceStatusPaths } from '@core/contracts/device-status';
import { ShopFloorPaths, type IssuedMachineKey, type WorkMachine } from '@core/contracts/modeling';
import { shot, useE2eEnvironment } from './support/harness';
import { apiSession } from './support/api';
import { loginAt } from './support/login';

describe('设备总览', () => {
  const env = useE2eEnvironment('device-live');

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
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    const machines = await admin.call<{ list: WorkMachine[] }>(`${ShopFloorPaths.workMachineList}?machineCode=YTJ-01`);
    const { key } = await admin.call<IssuedMachineKey>(ShopFloorPaths.workMachineKeyIssue, { id: machines.list[0]!.id });
    const response = await fetch(`${env.server.url}${DeviceStatusPaths.events}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', X_MACHINE_KEY: key },
      body: JSON.stringify({ events: [{ deviceNo, status: 5, at: Date.now(), reason: '断纸' }] }),
    });
    expect(await response.json()).toEqual({ resultCode: 1000, resultData: { accepted: 1, duplicates: 0 } });

    const tile = page.locator(`.mes-device-tile[data-device-no="${deviceNo}"]`);
    await page.locator(`.mes-device-tile[data-device-no="${deviceNo}"][data-status="5"]`).waitFor();
    expect(await tile.locator('.mes-device-tile-status').textContent()).toBe('故障');
    expect(await tile.textContent()).toContain('原因：断纸');
    await shot(page, 'device-live-2-fault');

    await tile.click();
    await page.waitForURL((url) => url.pathname === '/device-detail');
    await page.locator('.mes-device-detail .mes-timeline-band').waitFor();
    await page.locator('.mes-device-detail', { hasText: '故障' }).waitFor();
    expect(await page.locator('.mes-timeline-band [data-status="5"]').count()).toBeGreaterThan(0);
    await shot(page, 'device-live-3-detail');
  });
});
