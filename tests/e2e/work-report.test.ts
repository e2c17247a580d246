// 报工 in the standalone console against the real server and its seed: a report is made on
// /work-order-record (平台报工), corrected and approved on /work-order-review, then rolled back — and the
// operation's audited quantity shown in the 平台报工 dialog follows each step.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { WorkReportPaths, type ReportableOperation } from '@core/contracts/work-order/report';
import { apiSession } from './support/api';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

const RECORDS = { path: WorkReportPaths.list };
const REVIEW = { path: WorkReportPaths.reviewList };

/** Opens 平台报工, picks the operation and returns the dialog (its facts shown once options loaded). */
async function openReport(page: Page, operation: ReportableOperation): Promise<Locator> {
  const dialog = await ui.openDialog(page, '平台报工');
  await ui.pick(ui.formItem(dialog, '订单工序').locator('.ant-select'), `${operation.orderNo} ${operation.seq}. ${operation.processName}`, { search: operation.orderNo, exact: false });
  await dialog.locator('.mes-report-operation').waitFor();
  await dialog.locator('.ant-alert').waitFor();
  return dialog;
}

/** The audited good quantity the dialog shows for the picked operation. */
async function auditedShown(dialog: Locator): Promise<number> {
  const text = await dialog.locator('.mes-report-operation .ant-descriptions-item', { hasText: '已审核良品' }).locator('.ant-descriptions-item-content').innerText();
  return Number(text);
}

describe('报工、审核、反审核', () => {
  const env = useE2eEnvironment('work-report');

  it('reports on 报工记录, corrects and approves on 报工审核, rolls back, and the operation progress follows', async () => {
    const api = await apiSession(env.server.url, 'admin', 'admin123');
    // An issued operation of a carton process (纸箱 tab) of an order in production.
    const candidates = await api.call<ReportableOperation[]>(`${WorkReportPaths.operations}?orderNo=SO`);
    const fresh = candidates.filter((candidate) => candidate.processName !== '瓦线生产' && candidate.deviceId !== null && candidate.goodQty + candidate.pendingQty < candidate.plannedQty / 2);
    const operation = fresh.find((candidate) => candidate.processName === '水印开槽') ?? fresh[0]!;
    expect(operation).toBeDefined();

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    const menu = page.locator('.mes-sider-menu');
    await menu.locator('.ant-menu-submenu-title', { hasText: '生产工单' }).click();
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '报工记录' }).click(), RECORDS);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    await page.locator('.mes-report-totals [data-total="goodQty"]').filter({ hasNotText: '-' }).waitFor();
    await shot(page, 'work-report-1-records');

    // 平台报工: 150 good on the operation, by 操作员小张.
    const dialog = await openReport(page, operation);
    const before = await auditedShown(dialog);
    expect(before).toBe(operation.goodQty);
    await ui.pick(ui.formItem(dialog, '操作员').locator('.ant-select'), '操作员小张', { search: '操作员小张', exact: false });
    await ui.closeSelect(ui.formItem(dialog, '操作员').locator('.ant-select'));
    await ui.formItem(dialog, '良品数').locator('input').fill('150');
    await ui.formItem(dialog, '待检数').locator('input').fill('5');
    await shot(page, 'work-report-2-report-dialog');
    await ui.listAfter(page, () => dialog.getByRole('button', { name: '确定' }).click(), RECORDS);
    await ui.message(page, '报工成功').waitFor();

    await ui.filterBy(page, '订单号', operation.orderNo, 'orderNo', RECORDS);
    const made = (await ui.listRows(page)).find((row) => row['良品数'] === '150' && row['审核状态'] === '待审核' && row['操作员'] === '操作员小张');
    expect(made).toBeDefined();
    const reportNo = made!['报工单号']!;
    // The 合计 row adds up the filtered reports.
    const goods = (await ui.listColumn(page, '良品数')).map((value) => Number(value.replaceAll(',', '')));
    if (goods.length < 10) expect(await page.locator('.mes-report-totals [data-total="goodQty"]').innerText()).toBe(goods.reduce((sum, value) => sum + value, 0).toLocaleString('zh-CN'));

    // 报工审核 → 待审核 / 纸箱: correct 150 → 140 and approve.
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '报工审核' }).click(), REVIEW);
    await ui.filterBy(page, '订单号', operation.orderNo, 'orderNo', REVIEW);
    await ui.rowAction(ui.rowWith(page, reportNo), '审核');
    const audit = ui.dialog(page, '审核报工');
    await audit.locator('.mes-report-history').waitFor();
    await ui.formItem(audit, '良品数').locator('input').fill('140');
    await shot(page, 'work-report-3-audit-dialog');
    await ui.listAfter(page, () => audit.getByRole('button', { name: '审核通过' }).click(), REVIEW);
    await ui.message(page, '审核成功').waitFor();
    expect(await ui.rowWith(page, reportNo).count()).toBe(0);

    // 全部: the report is audited with 140; the operation's audited good grew by 140.
    await ui.listAfter(page, () => page.locator('.mes-review-tabs .ant-tabs-tab', { hasText: '全部' }).click(), REVIEW);
    await ui.filterBy(page, '订单号', operation.orderNo, 'orderNo', REVIEW);
    expect(await ui.listRow(page, '报工单号', reportNo)).toMatchObject({ 良品数: '140', 审核状态: '已审核' });
    await shot(page, 'work-report-4-review-all');
    const records = page.locator('.mes-sider-menu .ant-menu-item', { hasText: '报工记录' });
    await ui.listAfter(page, () => records.click(), RECORDS);
    let check = await openReport(page, operation);
    expect(await auditedShown(check)).toBe(before + 140);
    await check.getByRole('button', { name: '取消' }).click();

    // 反审核: back to pending, and the progress drops back.
    await ui.listAfter(page, () => menu.locator('.ant-menu-item', { hasText: '报工审核' }).click(), REVIEW);
    await ui.listAfter(page, () => page.locator('.mes-review-tabs .ant-tabs-tab', { hasText: '全部' }).click(), REVIEW);
    await ui.filterBy(page, '订单号', operation.orderNo, 'orderNo', REVIEW);
    await ui.rowAction(ui.rowWith(page, reportNo), '反审核');
    await ui.listAfter(page, () => ui.confirm(page, `确定反审核报工「${reportNo}」吗？`), REVIEW);
    await ui.message(page, '反审核成功').waitFor();
    expect(await ui.listRow(page, '报工单号', reportNo)).toMatchObject({ 审核状态: '待审核' });
    // 纸板: reports of the 纸板工序 processes (瓦线生产, 分纸压线) only.
    await ui.listAfter(page, () => page.locator('.mes-review-kind').getByText('纸板', { exact: true }).click(), { ...REVIEW, params: { kind: '2' } });
    const processes = (await ui.listColumn(page, '工序')).map((process) => process.replace(/^\d+\. /, ''));
    expect(processes.length).toBeGreaterThan(0);
    expect(processes.filter((process) => !['瓦线生产', '分纸压线'].includes(process))).toEqual([]);
    await shot(page, 'work-report-5-review-paperboard');
    await ui.listAfter(page, () => records.click(), RECORDS);
    check = await openReport(page, operation);
    expect(await auditedShown(check)).toBe(before);
  });
});
