// ERP intake against the real server and its seed: orders posted through the ERP API with the demo
// integration key show on /erp-log (success, payload in the detail) and, once revoked, on
// /order-recycling-bin, where one is restored and one deleted for good; a change to a scheduled
// order shows as a warning in the sync-log detail (the shared OrderChangeWarnings), kept or
// accepted there, and on the scheduling screen (已排产) as 变更 with the same warnings; a key made on the 接口密钥 tab is shown once and works at once.
import { describe, expect, it } from 'vitest';
import { ErpPaths, type ErpLogEntry, type ErpOrderMessage } from '@core/contracts/work-order/erp';
import { ProductionOrderPaths, type ProductionOrderListRow, type ProductionOrderRow } from '@core/contracts/work-order/order';
import { SchedulePaths, type ScheduleTask } from '@core/contracts/schedule';
import type { PageResult } from '@core/contracts/common';
import { apiSession } from './support/api';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';
import { printFramePdf } from './support/pdf';

const LOG = { path: ErpPaths.logList };
const BIN = { path: ErpPaths.binList };
const ORDERS = { path: ProductionOrderPaths.list };
const DEMO_KEY = 'mesk_demo_carton_1001_erp_intake_2026';

describe('ERP 订单同步', () => {
  const env = useE2eEnvironment('erp-intake');

  async function send(message: ErpOrderMessage, key = DEMO_KEY) {
    const response = await fetch(`${env.server.url}${ErpPaths.sync}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-integration-key': key }, body: JSON.stringify(message) });
    const body = (await response.json()) as { resultCode: number; resultData?: { orderNo: string; result: string }; resultMsg?: string };
    expect(body.resultCode, JSON.stringify(body)).toBe(1000);
    return body.resultData!;
  }
  const create = (erpOrderNo: string, customerName: string): ErpOrderMessage => ({
    type: 'create',
    erpOrderNo,
    erpLine: '1',
    version: 1,
    order: { customerName, productNo: 'CP00001', quantity: 1200, deliveryDate: '2027-06-30', customerPo: 'PO-E2E' },
  });

  it('shows orders from the ERP on /erp-log, and revoked ones on /order-recycling-bin to restore or delete for good', async () => {
    const first = await send(create('E2E-XS-001', '端到端客户甲'));
    const second = await send(create('E2E-XS-002', '端到端客户乙'));
    await send({ type: 'revoke', erpOrderNo: 'E2E-XS-001', erpLine: '1', version: 2 });
    await send({ type: 'revoke', erpOrderNo: 'E2E-XS-002', erpLine: '1', version: 2 });

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const menu = page.locator('.mes-sider-menu');
    await menu.locator('.ant-menu-submenu-title', { hasText: '系统配置' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '订单同步日志' }).click(), LOG);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    await shot(page, 'erp-1-log');

    await ui.filterBy(page, 'ERP订单号', 'E2E-XS-001', 'erpOrderNo', LOG);
    expect(await ui.listColumn(page, '消息类型')).toEqual(['撤销', '新建']);
    expect(await ui.listColumn(page, '同步状态')).toEqual(['同步成功', '同步成功']);
    expect(await ui.listColumn(page, '结果')).toEqual([`订单${first.orderNo}已撤销，移入订单回收站`, `已新建订单${first.orderNo}`]);
    await ui.rowAction(ui.rowWith(page, '新建'), '详情');
    const drawer = page.locator('.mes-erp-log-drawer');
    await drawer.locator('.mes-erp-payload').waitFor();
    expect(await drawer.locator('.mes-erp-payload').textContent()).toContain('"customerName": "端到端客户甲"');
    await shot(page, 'erp-2-detail');
    await drawer.locator('.ant-drawer-close').click();

    await menu.locator('.ant-menu-submenu-title', { hasText: '生产工单' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '订单回收站' }).click(), BIN);
    await ui.filterBy(page, 'ERP订单号', 'E2E-XS', 'erpOrderNo', BIN);
    expect(await ui.listColumn(page, '订单号')).toEqual(expect.arrayContaining([first.orderNo, second.orderNo]));
    expect(await ui.listRow(page, '订单号', first.orderNo)).toMatchObject({ 客户名称: '端到端客户甲', 订单数量: '1,200只', 交货日期: '2027-06-30' });
    await shot(page, 'erp-3-bin');

    await ui.rowAction(ui.rowWithCell(page, first.orderNo), '还原');
    await ui.listAfter(page, () => ui.confirm(page, `确定还原订单「${first.orderNo}」吗？`), BIN);
    await ui.message(page, '还原成功').waitFor();
    await ui.rowAction(ui.rowWithCell(page, second.orderNo), '彻底删除');
    await ui.listAfter(page, () => ui.confirm(page, `确定彻底删除订单「${second.orderNo}」吗？删除后订单及其工序不可恢复。`), BIN);
    await ui.message(page, '删除成功').waitFor();
    expect(await ui.tableRows(page).count()).toBe(0);
  });

  it('shows a change to a scheduled order as a warning to keep or accept', async () => {
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    // A seeded ERP order already scheduled: its change of version 2 is waiting as a warning.
    const changes = await admin.call<PageResult<ErpLogEntry>>(`${ErpPaths.logList}?messageType=change&status=2&limit=100`);
    const scheduled = changes.list.find((log) => log.result.includes('已排产'))!;
    expect(scheduled).toBeDefined();
    const changed = await send({ type: 'change', erpOrderNo: scheduled.erpOrderNo, erpLine: scheduled.erpLine, version: 3, order: { quantity: 8888, remark: '客户追加数量' } });
    expect(changed.result).toBe(`订单${scheduled.orderNo}已排产，已记录变更提醒：订单数量、备注`);

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/erp-log');
    await ui.waitForList(page);
    await ui.filterBy(page, 'ERP订单号', scheduled.erpOrderNo, 'erpOrderNo', LOG);
    await ui.rowAction(ui.rowWith(page, '订单数量、备注'), '详情');
    const warnings = page.locator('.mes-erp-log-drawer .mes-order-change-warning');
    await expect.poll(() => warnings.count()).toBe(2);
    const latest = warnings.filter({ hasText: '版本3' });
    expect(await latest.locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/订单数量\s+\d+\s+8888/), expect.stringMatching(/备注\s+.*\s+客户追加数量/)]);
    await shot(page, 'erp-4-warnings');

    await warnings.filter({ hasText: '版本2' }).getByRole('button', { name: '保持原样' }).click();
    await ui.confirm(page, '确定保持原样吗？');
    await ui.message(page, '已保持原样').waitFor();
    await expect.poll(() => warnings.count()).toBe(1);
    await latest.getByRole('button', { name: '接受变更' }).click();
    await ui.confirm(page, '确定接受ERP变更（订单数量、备注）吗？');
    await ui.message(page, '已接受变更').waitFor();
    await page.locator('.mes-erp-log-drawer').getByText('暂无待处理的变更').waitFor();
  });

  it('shows a change to a scheduled order on the scheduling screen (已排产) as 变更, kept or accepted there', async () => {
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    // A seeded ERP order deployed (已部署) with its later steps queued and no change pending.
    const deployed = await admin.call<PageResult<ProductionOrderListRow>>(`${ProductionOrderPaths.list}?source=2&status=3&limit=100`);
    const candidates = deployed.list.filter((row) => row.changeWarnings === 0);
    let order: ProductionOrderRow | undefined;
    for (const row of candidates) {
      const queued = await admin.call<PageResult<ScheduleTask>>(`${SchedulePaths.scheduledList}?tab=notIssued&orderNo=${row.orderNo}&limit=10`);
      if (queued.total > 0) {
        order = await admin.call<ProductionOrderRow>(ProductionOrderPaths.detail(row.id));
        break;
      }
    }
    expect(order).toBeDefined();
    const erp = { erpOrderNo: order!.erpOrderNo, erpLine: order!.erpLine };
    const kept = await send({ type: 'change', ...erp, version: order!.erpVersion + 1, order: { remark: '端到端排产备注' } });
    expect(kept.result).toBe(`订单${order!.orderNo}已排产，已记录变更提醒：备注`);
    await send({ type: 'change', ...erp, version: order!.erpVersion + 2, order: { deliveryDate: '2027-08-08' } });

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const SCHEDULED = { path: SchedulePaths.scheduledList };
    await ui.openList(page, env.server.url, '/scheduled?tab=notIssued');
    await ui.filterBy(page, '订单号', order!.orderNo, 'orderNo', SCHEDULED);
    const row = ui.tableRows(page).first();
    await row.locator('.mes-task-change', { hasText: '变更' }).waitFor();
    await row.locator('.ant-table-row-expand-icon').click();
    const warnings = page.locator('.mes-list-table .mes-order-change-warning');
    await expect.poll(() => warnings.count()).toBe(2);
    expect(await warnings.filter({ hasText: `版本${order!.erpVersion + 2}` }).locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/交货日期\s+\S+\s+2027-08-08/)]);
    await shot(page, 'erp-5-schedule-warning');

    await warnings.filter({ hasText: `版本${order!.erpVersion + 1}` }).getByRole('button', { name: '保持原样' }).click();
    await ui.confirm(page, '确定保持原样吗？');
    await ui.message(page, '已保持原样').waitFor();
    await expect.poll(() => warnings.count()).toBe(1);
    await ui.listAfter(page, async () => {
      await warnings.getByRole('button', { name: '接受变更' }).click();
      await ui.confirm(page, '确定接受ERP变更（交货日期）吗？');
    }, SCHEDULED);
    await ui.message(page, '已接受变更').waitFor();
    // Nothing pending: the 变更 tag is gone from the order's tasks, and the order took the new date but not the remark.
    await expect.poll(() => ui.tableRows(page).locator('.mes-task-change').count()).toBe(0);
    expect(await admin.call<ProductionOrderRow>(ProductionOrderPaths.detail(order!.id))).toMatchObject({ deliveryDate: '2027-08-08', remark: order!.remark, changeWarnings: 0 });
  });

  it('makes an integration key that is shown once and works at once', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/erp-log?tab=key');
    await ui.waitForList(page);
    expect(await ui.listColumn(page, '名称')).toEqual(expect.arrayContaining(['演示ERP接口', '旧ERP接口（已作废）']));
    const dialog = await ui.openDialog(page, '新增密钥', '新增接口密钥');
    await dialog.locator('.mes-key-name').fill('端到端ERP');
    await ui.listAfter(page, () => dialog.getByRole('button', { name: '确定' }).click(), { path: ErpPaths.keyList });
    const key = (await page.locator('.mes-new-key code').textContent())!.trim();
    expect(key).toMatch(/^mesk_/);
    await shot(page, 'erp-6-key');
    await page.getByRole('button', { name: '我已保存' }).click();
    expect(await ui.listRow(page, '名称', '端到端ERP')).toMatchObject({ 密钥前缀: `${key.slice(0, 12)}…`, 状态: '有效' });
    expect(await page.content()).not.toContain(key);
    await send(create('E2E-XS-KEY', '端到端客户丙'), key);
  });

  it('prints an order that arrived from the ERP as its 流转卡: one page with the QR code of its order no', async () => {
    const arrived = await send(create('E2E-XS-PRINT', '端到端客户丁'));
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await ui.openList(page, env.server.url, '/production-order');
    await ui.filterBy(page, '订单号', arrived.orderNo, 'orderNo', ORDERS);
    const row = ui.rowWithCell(page, arrived.orderNo);
    await row.locator('.ant-checkbox-input').check();
    const opened = page.context().waitForEvent('page');
    await page.locator('.mes-list-toolbar, .mes-list-page').getByRole('button', { name: '打印', exact: true }).first().click();
    const printPage = await opened;
    await printPage.waitForLoadState();
    await printPage.locator('.mes-print-order[data-loading="false"][data-cards="1"]').waitFor();
    expect(await printPage.locator('.mes-print-sheets .mes-ticket .mes-ticket-qr').getAttribute('data-value')).toBe(arrived.orderNo);
    await printPage.getByRole('button', { name: '打印' }).click();
    const printed = await printFramePdf(printPage, await env.newPage(), 'erp-7-print');
    expect(printed.pages).toBe(1);
    expect(printed.text).toContain(arrived.orderNo);
  });
});
