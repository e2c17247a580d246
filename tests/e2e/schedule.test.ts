// 纸箱排产 in the standalone console against the real server and its seed: an order's operations
// scheduled (one by hand on a chosen machine, the rest by 自动排产 in the background) and issued; a
// time calculation started and aborted (the spec's confirmation, then 操作成功, and nothing moved);
// 交期计划, 待排订单 and the element in a host page; the lists empty, loading and failing.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PageResult } from '@core/contracts/common';
import { ModelingPaths, type WorkFlow } from '@core/contracts/modeling';
import { SchedulePaths, ScheduleMessages, type ScheduleTask } from '@core/contracts/schedule';
import { ProductionOrderPaths } from '@core/contracts/work-order/order';
import { shot, settleAnimations, useE2eEnvironment } from './support/harness';
import { apiSession, hostWithSession } from './support/api';
import { loginAt } from './support/login';
import * as ui from './support/list-page';

const ORDER_NO = 'E2E-SCHED-01';
/** A background job (a worker thread starting, 自动排产's search budget) takes seconds on a busy machine. */
const JOB_TIMEOUT_MS = 60_000;

const jobBar = (page: Page) => page.locator('.mes-calc-job');

/** Ticks the row checkboxes of the shown rows (all of them, or the first `count`). */
async function selectRows(page: Page, count?: number): Promise<void> {
  if (count === undefined) {
    await page.locator('.mes-list-table .ant-table-thead .ant-checkbox-input').check();
    return;
  }
  for (let index = 0; index < count; index++) await ui.tableRows(page).nth(index).locator('.ant-checkbox-input').check();
}

async function openMenu(page: Page, item: string, path: string) {
  const menu = page.locator('.mes-sider-menu');
  const group = menu.locator('.ant-menu-submenu', { hasText: '纸箱排产' });
  if (!(await group.locator('.ant-menu-item', { hasText: item }).isVisible())) await group.locator('.ant-menu-submenu-title').click();
  await ui.listAfter(page, () => group.locator('.ant-menu-item', { hasText: item }).click(), { path });
}

describe('纸箱排产', () => {
  // Every background job takes at least 15 s here, so that a user (and this test) sees it run and can abort it.
  const env = useE2eEnvironment('schedule', { env: { SCHEDULE_JOB_MIN_MS: '15000' } });

  it('schedule and issue an order', async () => {
    // An order of a two-step (or longer) process flow, as the order screens make it.
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    const flows = await admin.call<PageResult<WorkFlow>>(`${ModelingPaths.workFlowList}?page=1&limit=100`);
    const flow = flows.list.find((each) => each.route.split('→').length >= 2)!;
    await admin.call(ProductionOrderPaths.create, {
      orderNo: ORDER_NO,
      customerName: '排产测试客户',
      productName: '排产测试纸箱',
      lengthMm: 400,
      widthMm: 300,
      heightMm: 250,
      quantity: 2000,
      deliveryDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      flowId: flow.id,
    });
    const steps = flow.route.split('→').length;

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/home');
    await openMenu(page, '待排工序', SchedulePaths.standbyList);
    await shot(page, 'schedule-1-standby');
    await ui.filterBy(page, '订单号', ORDER_NO, 'orderNo', { path: SchedulePaths.standbyList });
    await expect.poll(() => ui.tableRows(page).count()).toBe(steps);
    expect((await ui.listColumn(page, '机台')).every((machine) => machine === '未分配')).toBe(true);

    // The first operation by hand: 手动排产 on a machine able to run it (speed and queue shown).
    await selectRows(page, 1);
    const dialog = await ui.openDialog(page, '手动排产');
    const dropdown = await ui.openSelect(ui.formItem(dialog, '机台').locator('.ant-select'));
    await dropdown.locator('.ant-select-item-option').first().waitFor();
    await shot(page, 'schedule-2-manual-dialog');
    await dropdown.locator('.ant-select-item-option').first().click();
    await ui.listAfter(page, () => dialog.getByRole('button', { name: '确定' }).click(), { path: SchedulePaths.standbyList });
    await ui.message(page, '排产成功').waitFor();
    await expect.poll(() => ui.tableRows(page).count()).toBe(steps - 1);

    // The rest by 自动排产: a background job whose progress the page shows; the list follows when it ends.
    await selectRows(page);
    await page.getByRole('button', { name: '自动排产' }).click();
    await ui.confirm(page, '确定自动排产所选工序吗？');
    await ui.message(page, '已开始自动排产').waitFor();
    await expect.poll(() => jobBar(page).getAttribute('data-state'), { timeout: JOB_TIMEOUT_MS }).toBe('2');
    expect(await jobBar(page).innerText()).toContain('自动排产');
    await expect.poll(() => ui.tableRows(page).count(), { timeout: JOB_TIMEOUT_MS }).toBe(0);
    await shot(page, 'schedule-3-auto-done');

    // 已排产未下发: every operation on a machine with its planned times; 下发工单.
    await openMenu(page, '已排产', SchedulePaths.scheduledList);
    await ui.filterBy(page, '订单号', ORDER_NO, 'orderNo', { path: SchedulePaths.scheduledList });
    await expect.poll(() => ui.tableRows(page).count()).toBe(steps);
    for (const row of await ui.listRows(page)) {
      expect(row['序号 / 机台']).toMatch(/^#\d+ \S/);
      expect(row.计划开始).toMatch(/^\d{2}-\d{2} \d{2}:\d{2}$/);
    }
    await shot(page, 'schedule-4-scheduled');
    await selectRows(page);
    await ui.listAfter(
      page,
      async () => {
        await page.getByRole('button', { name: '下发工单' }).click();
        await ui.confirm(page, '确定下发所选工序的工单吗？');
      },
      { path: SchedulePaths.scheduledList },
    );
    await ui.message(page, '下发成功').waitFor();
    await expect.poll(() => ui.tableRows(page).count()).toBe(0);

    // 已排产已下发: the same operations, waiting on their machines (待开始).
    await ui.listAfter(page, () => page.getByRole('tab', { name: '已排产已下发' }).click(), { path: SchedulePaths.scheduledList, params: { tab: 'issued' } });
    await ui.filterBy(page, '订单号', ORDER_NO, 'orderNo', { path: SchedulePaths.scheduledList });
    await expect.poll(() => ui.tableRows(page).count()).toBe(steps);
    expect(new Set(await ui.listColumn(page, '工序状态'))).toEqual(new Set(['待开始']));
    await shot(page, 'schedule-5-issued');

    // 导出 with the tab and filters shown: the order's issued operations.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)).buffer as ArrayBuffer);
    const exported: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => exported.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    expect(exported.slice(1).filter((row) => row.includes(ORDER_NO))).toHaveLength(steps);
  });

  it('abort a calculation', async () => {
    const admin = await apiSession(env.server.url, 'admin', 'admin123');
    const before = await admin.call<PageResult<ScheduleTask>>(`${SchedulePaths.scheduledList}?page=1&limit=200&tab=notIssued`);

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await ui.openList(page, env.server.url, '/scheduled');
    await page.getByRole('button', { name: '计算排程时间' }).click();
    await expect.poll(() => jobBar(page).getAttribute('data-state'), { timeout: JOB_TIMEOUT_MS }).toBe('1');
    await page.locator('.mes-calc-job-progress').waitFor();
    expect(await page.getByRole('button', { name: '计算排程时间' }).isDisabled()).toBe(true);
    await shot(page, 'schedule-6-calculating');

    await jobBar(page).getByRole('button', { name: '中止计算' }).click();
    const asked = ui.confirmDialog(page, ScheduleMessages.abortConfirm);
    await asked.waitFor();
    expect(await asked.innerText()).toContain('确定要中止当前排程时间计算吗？');
    await settleAnimations(page);
    await asked.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '操作成功').waitFor();
    await expect.poll(() => jobBar(page).getAttribute('data-state')).toBe('3');
    expect(await jobBar(page).innerText()).toContain('已中止');
    await shot(page, 'schedule-7-aborted');

    // An aborted calculation changed nothing.
    const after = await admin.call<PageResult<ScheduleTask>>(`${SchedulePaths.scheduledList}?page=1&limit=200&tab=notIssued`);
    const times = (page: PageResult<ScheduleTask>) => page.list.map((task) => [task.id, task.deviceId, task.queuePos, task.plannedStart, task.plannedEnd]);
    expect(times(after)).toEqual(times(before));
  });

  it('shows 交期计划, 待排订单 with their operations, and the lists empty, loading and failing', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/delivery-plan');
    await page.locator('.mes-delivery-plan[data-loading="false"]').waitFor();
    await page.locator('.mes-delivery-calendar .mes-delivery-day').first().waitFor();
    expect(await page.locator('.mes-delivery-capacity .ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await shot(page, 'schedule-8-delivery-calendar');
    await page.locator('.mes-delivery-view').getByText('列表', { exact: true }).click();
    await page.locator('.mes-delivery-orders-table').waitFor();
    await shot(page, 'schedule-9-delivery-list');

    await ui.listAfter(page, () => page.goto(`${env.server.url}/schedule-production-order`), { path: SchedulePaths.scheduleOrderList });
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    await ui.tableRows(page).first().locator('.ant-table-row-expand-icon').click();
    await expect.poll(() => page.locator('.mes-schedule-order-tasks .ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    await shot(page, 'schedule-10-orders');

    // Empty: a filter nothing matches.
    await ui.filterBy(page, '订单号', 'NO-SUCH-ORDER', 'orderNo', { path: SchedulePaths.scheduleOrderList });
    expect(await ui.tableRows(page).count()).toBe(0);
    await page.locator('.mes-list-table .ant-empty').waitFor();
    await shot(page, 'schedule-11-empty');

    // Loading: the 预排产 list held until the screenshot is taken.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${SchedulePaths.preList}*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.server.url}/schedule-pre`);
    await page.locator('.mes-list-page[data-loading="true"]').waitFor();
    await shot(page, 'schedule-12-loading');
    release();
    await ui.waitForList(page);
    await page.unroute(`**${SchedulePaths.preList}*`);

    // Failing: the server refuses the 待排工序 list; the console says why and shows no rows.
    await page.route(`**${SchedulePaths.standbyList}*`, (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ resultCode: 5000, resultMsg: '服务器开小差了，请稍后重试' }) }),
    );
    await page.goto(`${env.server.url}/schedule-standby`);
    await ui.message(page, '服务器开小差了，请稍后重试').waitFor();
    await shot(page, 'schedule-13-error');
  });

  it('<mes-schedule> shows the scheduled tasks inside a host page', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await hostWithSession(page, env.server.url, 'mes-schedule');
    await ui.waitForList(page);
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);
    await page.locator('mes-schedule .mes-calc-job').getByRole('button', { name: '计算排程时间' }).waitFor();
    await shot(page, 'schedule-14-element');
  });
});
