// 设备台账 (/device-info) in the standalone console against the real server and its seed: the ledger
// found by device number, a device's pictures with the QR code, the QR's link opened on a phone-sized
// page without a session, a PNG uploaded there, and the picture seen on the desktop without a reload
// (it polls by uuId every 2 s). Also the label print, the 知识库 and 一体机异常 tabs, and the kiosk's
// /machineLog opened with a machine key.
import { describe, expect, it } from 'vitest';
import { DeviceLedgerPaths } from '@core/contracts/device-ledger';
import { ShopFloorPaths, type IssuedMachineKey, type WorkMachine } from '@core/contracts/modeling';
import type { PageResult } from '@core/contracts/common';
import { apiSession } from './support/api';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

const LIST = { path: DeviceLedgerPaths.list };
/** A real 1×1 PNG (what a phone camera sends is bigger; the server checks the content the same way). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('设备台账', () => {
  const env = useE2eEnvironment('device-ledger');

  it('phone upload seen on the desktop', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const menu = page.locator('.mes-sider-menu');
    await menu.locator('.ant-menu-submenu-title', { hasText: '设备管理' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '设备台账' }).click(), LIST);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(5);
    await shot(page, 'device-ledger-1-list');

    await ui.filterBy(page, '设备编号', 'YS-02', 'deviceNo', LIST);
    expect(await ui.listRow(page, '设备编号', 'YS-02')).toMatchObject({ 设备名称: '四色印刷开槽模切机', 车间: '印刷车间' });
    await ui.rowAction(ui.rowWithCell(page, 'YS-02'), '图片');
    const drawer = page.locator('.mes-ledger-drawer');
    const tab = drawer.locator('.mes-device-pictures-tab');
    await tab.waitFor();
    await expect.poll(() => tab.getAttribute('data-loading')).toBe('false');
    const before = Number(await tab.getAttribute('data-count'));
    // YS-02 is one of the seeded devices with pictures.
    expect(before).toBeGreaterThan(0);

    await drawer.getByRole('button', { name: '手机扫码上传' }).click();
    const link = drawer.locator('.mes-phone-upload-link');
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    const url = new URL(href);
    expect(url.pathname).toBe('/upload-device-img');
    expect([...url.searchParams.keys()].sort()).toEqual(['appId', 'orgId', 'token', 'userId', 'uuId']);
    await drawer.locator('.mes-phone-upload canvas, .mes-phone-upload svg').first().waitFor();
    await shot(page, 'device-ledger-2-pictures-qr');

    // The phone: no session, a 375 px wide screen.
    const phone = await env.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(href);
    await phone.getByText('四色印刷开槽模切机').waitFor();
    await shot(phone, 'device-ledger-3-phone');
    await phone.locator('.mes-upload-device-img input[type=file]').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: PNG });
    await phone.locator('.mes-upload-sent [data-state="done"]').waitFor();
    await shot(phone, 'device-ledger-4-phone-uploaded');

    // The desktop shows it without a reload.
    await expect.poll(() => tab.getAttribute('data-count')).toBe(String(before + 1));
    await tab.locator('.mes-device-picture', { hasText: '现场照片.png' }).waitFor();
    expect(await tab.locator('.mes-device-picture', { hasText: '现场照片.png' }).getByText('手机扫码').count()).toBe(1);
    await shot(page, 'device-ledger-5-desktop-sees-picture');

    // A link with a wrong token says so on the phone.
    url.searchParams.set('token', `${url.searchParams.get('token')!.slice(0, -2)}xx`);
    await phone.goto(url.toString());
    await phone.locator('.mes-upload-refused').getByText('上传链接无效').waitFor();
    await shot(phone, 'device-ledger-5b-phone-invalid-link');
    // A link missing a parameter as well.
    await phone.goto(`${env.server.url}/upload-device-img?uuId=abc`);
    await phone.getByText('链接参数不完整').waitFor();
    await shot(phone, 'device-ledger-6-phone-missing-query');
  });

  it('prints labels, edits a device, searches the knowledge base and reads the 一体机 log', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await ui.openList(page, env.server.url, '/device-info');
    await shot(page, 'device-ledger-1b-list-fits');

    await ui.filterBy(page, '设备编号', 'YS-01', 'deviceNo', LIST);
    await ui.rowAction(ui.rowWithCell(page, 'YS-01'), '编辑');
    const editor = ui.dialog(page, '编辑台账');
    await editor.waitFor();
    await ui.formItem(editor, '存放位置').locator('input').fill('印刷车间E区');
    await shot(page, 'device-ledger-7-editor');
    await ui.listAfter(page, () => editor.getByRole('button', { name: '确定' }).click(), LIST);
    await ui.message(page, '修改成功').waitFor();
    await ui.rowAction(ui.rowWithCell(page, 'YS-01'), '详情');
    await page.locator('.mes-ledger-drawer').getByText('印刷车间E区').waitFor();
    await page.locator('.mes-ledger-drawer').locator('.mes-file-preview').first().waitFor();
    await shot(page, 'device-ledger-7b-detail');
    await page.locator('.mes-ledger-drawer .ant-drawer-close').click();

    // A second device number in the tag input: both rows, both labels.
    await ui.listAfter(
      page,
      async () => {
        await ui.formItem(page.locator('.mes-filter-form'), '设备编号').locator('.mes-tag-input input').fill('YS-02');
        await page.keyboard.press('Enter');
      },
      { ...LIST, params: { deviceNo: 'YS-01,YS-02' } },
    );
    expect(await ui.tableRows(page).count()).toBe(2);
    await ui.tableRows(page).nth(0).locator('.ant-checkbox-input').check();
    await ui.tableRows(page).nth(1).locator('.ant-checkbox-input').check();
    await page.locator('.mes-list-toolbar').getByRole('button', { name: '打印标签' }).click();
    const labels = ui.dialog(page, '打印设备标签（2张）');
    await labels.waitFor();
    expect(await labels.locator('.mes-device-label svg').count()).toBe(2);
    await shot(page, 'device-ledger-8-labels');
    await labels.getByRole('button', { name: '取消' }).click();

    await page.getByRole('tab', { name: '知识库' }).click();
    await ui.waitForList(page);
    await ui.filterBy(page, '关键词', '网纹辊', 'keyword', { path: DeviceLedgerPaths.knowledgeList });
    expect(await ui.listColumn(page, '故障现象')).toEqual(['印刷发花、墨色不均']);
    await page.locator('.mes-knowledge-symptom', { hasText: '印刷发花' }).click();
    await page.locator('.mes-knowledge-drawer').getByText('清洗网纹辊', { exact: false }).waitFor();
    await shot(page, 'device-ledger-9-knowledge');
    await page.locator('.mes-knowledge-drawer .ant-drawer-close').click();

    await ui.listAfter(page, () => page.getByRole('tab', { name: '一体机异常' }).click(), { path: DeviceLedgerPaths.machineLogList });
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    await shot(page, 'device-ledger-10-machine-log');

    // The kiosk: a machine key opens its own log, nothing else.
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    const machine = (await admin.call<PageResult<WorkMachine>>(`${ShopFloorPaths.workMachineList}?machineCode=YTJ-01`)).list[0]!;
    const { key } = await admin.call<IssuedMachineKey>(ShopFloorPaths.workMachineKeyIssue, { id: machine.id });
    const kiosk = await env.newPage();
    await kiosk.setViewportSize({ width: 1280, height: 800 });
    await kiosk.goto(`${env.server.url}/machineLog`);
    await kiosk.getByText('请输入一体机密钥').first().waitFor();
    await kiosk.locator('.mes-machine-key-form input').fill('mk_wrong');
    await kiosk.getByRole('button', { name: '查看异常日志' }).click();
    await kiosk.getByText('一体机密钥无效或已停用').waitFor();
    await kiosk.locator('.mes-machine-key-form input').fill(key);
    await kiosk.getByRole('button', { name: '查看异常日志' }).click();
    await kiosk.getByText('一体机异常日志 · 印刷车间一体机（YTJ-01）').waitFor();
    expect(await kiosk.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await shot(kiosk, 'device-ledger-11-kiosk');
  });
});
