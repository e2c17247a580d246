// Issue 11, what the progress engineer built, against the real server and its seed: /home shows the
// order tiles with the server's figures and a tile opens 订单工序进度 filtered to the same orders;
// the progress list shows each order's operations and the per-process totals; three orders printed
// from /print-production-order come out of Chromium as exactly three pages, each with its QR code.
import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import { OrderProgressPaths, type HomeOrderFigures, type OrderProgressRow } from '@core/contracts/work-order/progress';
import { apiSession } from './support/api';
import { settleAnimations, shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';
import { printFramePdf } from './support/pdf';

const MM_TO_PT = 72 / 25.4;

describe('order progress, 流转卡 printing and the home tiles', () => {
  const env = useE2eEnvironment('order-progress');

  it('shows the order tiles on /home with the server figures, and the overdue tile opens the progress list of exactly those orders', async () => {
    const api = await apiSession(env.server.url, 'admin', 'admin123');
    const figures = await api.call<HomeOrderFigures>(OrderProgressPaths.homeFigures);
    expect(figures.overdue).toBeGreaterThan(0);

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const tile = (key: string) => page.locator(`.mes-home-tile[data-tile="${key}"][data-loading="false"]`);
    const value = async (key: string) => Number((await tile(key).locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''));
    await tile('orders-overdue').waitFor();
    expect(await value('orders-due-today')).toBe(figures.dueToday);
    expect(await value('orders-due-week')).toBe(figures.dueThisWeek);
    expect(await value('orders-overdue')).toBe(figures.overdue);
    expect(await value('reports-to-review')).toBe(figures.pendingReviews);
    await settleAnimations(page);
    await shot(page, 'order-progress-1-home');

    const list = ui.nextList(page, { path: OrderProgressPaths.list, where: (params) => params.get('overdue') === '1' });
    await tile('orders-overdue').click();
    await page.waitForURL((url) => url.pathname === '/order-process-progress' && url.searchParams.get('overdue') === '1');
    const body = (await (await ui.shown(page, list)).json()) as { resultData: PageResult<OrderProgressRow> };
    expect(body.resultData.total).toBe(figures.overdue);
    expect(body.resultData.list.every((row) => row.overdue)).toBe(true);
    // Every overdue row stands out, and the totals above the list count the same orders.
    expect(await page.locator('.mes-list-table tr.ant-table-row.is-overdue').count()).toBe(await ui.tableRows(page).count());
    await expect.poll(() => page.locator('.mes-process-totals .ant-card-head-title').innerText()).toContain(`${figures.overdue} 个订单`);
    expect(await page.locator('.mes-process-total').count()).toBeGreaterThan(0);
    await page.locator('.ant-pagination-total-text', { hasText: `共 ${figures.overdue} 条` }).waitFor();
    await settleAnimations(page);
    await shot(page, 'order-progress-2-overdue');
  });

  it('lists the orders with their operations from the menu, with the process totals of the filtered orders', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const menu = page.locator('.mes-sider-menu');
    await menu.locator('.ant-menu-submenu-title', { hasText: '生产工单' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '订单工序进度' }).click(), { path: OrderProgressPaths.list });
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    const first = ui.tableRows(page).first();
    expect(await first.locator('.mes-op-line').count()).toBeGreaterThan(0);
    await page.locator('.mes-process-total').first().waitFor();
    await shot(page, 'order-progress-3-list');
  });

  it('prints three orders as exactly three pages at the template paper size, each with the QR code of its order', async () => {
    const api = await apiSession(env.server.url, 'admin', 'admin123');
    const orders = (await api.call<PageResult<OrderProgressRow>>(`${OrderProgressPaths.list}?limit=10&sort=id,asc`)).list.slice(0, 3);
    expect(orders).toHaveLength(3);
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, `/print-production-order?ids=${orders.map((order) => order.id).join(',')}`);
    const sheet = page.locator('.mes-print-order[data-loading="false"][data-cards="3"]');
    await sheet.waitFor();
    // The bare page: no menu, the cards at true size with their QR codes holding the order numbers.
    expect(await page.locator('.mes-sider-menu').count()).toBe(0);
    const qrValues = await page.locator('.mes-print-sheets .mes-ticket .mes-ticket-qr').evaluateAll((codes) => codes.map((code) => code.getAttribute('data-value')));
    expect(qrValues).toEqual(orders.map((order) => order.orderNo));
    expect(await page.locator('.mes-print-sheets .mes-ticket .mes-ticket-qr svg').count()).toBe(3);
    const paper = (await page.locator('.mes-print-sheets .mes-ticket').first().getAttribute('data-paper'))!;
    const [widthMm, heightMm] = paper.split('x').map(Number);
    await settleAnimations(page);
    await shot(page, 'order-progress-4-print');

    await page.getByRole('button', { name: '打印' }).click();
    const { document, pages, mediaBoxes, text } = await printFramePdf(page, await env.newPage(), 'order-progress-5-print-document');
    expect(document).toContain(`@page { size: ${widthMm}mm ${heightMm}mm; margin: 0; }`);
    expect(pages).toBe(3);
    for (const [x0, y0, width, height] of mediaBoxes) {
      expect([x0, y0]).toEqual([0, 0]);
      expect(Math.abs(width! - widthMm! * MM_TO_PT)).toBeLessThan(1);
      expect(Math.abs(height! - heightMm! * MM_TO_PT)).toBeLessThan(1);
    }
    for (const order of orders) expect(text).toContain(order.orderNo);
    // Every page carries a QR code: three SVG codes in the printed document.
    expect(document.match(/class="mes-ticket-qr"/g)).toHaveLength(3);

    // One card per operation: as many pages as the three orders have operations.
    const operations = orders.reduce((sum, order) => sum + Math.max(order.operations.length, 1), 0);
    await page.getByText('每道工序一张', { exact: true }).click();
    await page.locator(`.mes-print-order[data-cards="${operations}"]`).waitFor();
    await page.getByRole('button', { name: '打印' }).click();
    await page.locator(`iframe.mes-ticket-print-frame[data-ready="true"]`).waitFor({ state: 'attached' });
    const perOperation = await printFramePdf(page, await env.newPage(), 'order-progress-6-print-per-operation');
    expect(perOperation.pages).toBe(operations);
  });
});
