// 排产视图 and 机台排程 against the real server and its seeded carton schedule (示例纸箱厂): drag a task
// on the Gantt before an earlier task of its machine and see the times of the tasks after it move
// (the server recalculates); the load chart and the order view; a machine's queue reordered by
// dragging a row, and its day plan printed. Each screen photographed at 1440×900.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { taskActionRefusal, type MachineQueue, type ScheduleTask, type ScheduleView } from '@core/contracts/schedule';
import { apiSession, type ApiSession } from './support/api';
import { shot, useE2eEnvironment } from './support/harness';
import { loginAt } from './support/login';
import { printFramePdf } from './support/pdf';

type Box = { x: number; y: number; width: number; height: number };

const chart = (page: Page) => page.locator('.mes-gantt').first();
const barBox = (page: Page, id: number) => chart(page).evaluate((element, taskId) => (element as HTMLElement & { barBox(id: string): Box | null }).barBox(taskId), String(id));
const reveal = (page: Page, id: number) => chart(page).evaluate((element, taskId) => (element as HTMLElement & { reveal(id: string): void }).reveal(taskId), String(id));
const movable = (task: ScheduleTask) => taskActionRefusal(task, 'sort') === undefined;

const pad = (value: number) => String(value).padStart(2, '0');
/** yyyy-MM-dd HH:mm:ss in local time, as the API takes times. */
const local = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** A machine whose queue has at least `count` tasks that may move, shown in the views' default fortnight. */
async function machineWithMovable(api: ApiSession, count: number): Promise<{ machine: number; tasks: ScheduleTask[] }> {
  const day = 86_400_000;
  const view = await api.call<ScheduleView>(
    `/dps-server/v3/report_task/schedule_view/list?start=${encodeURIComponent(local(new Date(Date.now() - day)))}&end=${encodeURIComponent(local(new Date(Date.now() + 12 * day)))}`,
  );
  for (const machine of view.machines) {
    const queue = await api.call<MachineQueue>(`/dps-server/v3/report_task/schedule_view/detail/${machine.id}`);
    const free = queue.tasks.filter((task) => movable(task) && task.plannedStart && view.tasks.some((shown) => shown.id === task.id));
    if (free.length >= count) return { machine: machine.id, tasks: free };
  }
  throw new Error(`no seeded machine queue with ${count} movable tasks`);
}

/** The task's planned time as the hover box shows it: 计划：MM-DD HH:mm – MM-DD HH:mm. */
async function hoverTime(page: Page, id: number): Promise<string> {
  const box = await expect.poll(() => barBox(page, id)).not.toBeNull().then(() => barBox(page, id));
  await page.mouse.move(box!.x + Math.min(3, box!.width / 2), box!.y + box!.height / 2);
  const details = page.locator(`.mes-gantt-task-details[data-task="${id}"] .mes-gantt-task-time`);
  await details.waitFor();
  return details.innerText();
}

describe('排产视图 and 机台排程', () => {
  const env = useE2eEnvironment('schedule-gantt');

  it('drags a task on the Gantt before an earlier task and the later tasks of the machine move', async () => {
    const api = await apiSession(env.server.url, 'admin', 'admin123');
    const picked = await machineWithMovable(api, 3);
    const [first, second] = picked.tasks as [ScheduleTask, ScheduleTask];
    const last = picked.tasks.at(-1)!;

    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/schedule-views');
    await page.locator('.mes-gantt-summary', { hasText: '个任务' }).waitFor();
    // The week zoom shows the whole fortnight.
    await page.locator('.mes-gantt-zoom').getByText('周', { exact: true }).click();
    await reveal(page, first.id);
    await shot(page, 'schedule-gantt-1-views-week');
    const firstBefore = await hoverTime(page, first.id);
    const secondBefore = await hoverTime(page, second.id);
    await shot(page, 'schedule-gantt-2-hover');

    // Drag the machine's last movable task onto the left edge of its first: it goes before it.
    const from = (await barBox(page, last.id))!;
    const to = (await barBox(page, first.id))!;
    await page.mouse.move(from.x + Math.min(2, from.width / 2), from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x - 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + 0.5, to.y + to.height / 2, { steps: 8 });
    await shot(page, 'schedule-gantt-3-dragging');
    await page.mouse.up();
    await page.locator('.mes-gantt-summary', { hasText: `已调整「${last.orderNo} ${last.processName}」` }).waitFor();

    // The first and second tasks now come after the moved one: their times moved later.
    await expect.poll(() => hoverTime(page, first.id)).not.toBe(firstBefore);
    const firstAfter = await hoverTime(page, first.id);
    const secondAfter = await hoverTime(page, second.id);
    const startOf = (text: string) => text.replace('计划：', '').split(' – ')[0]!;
    expect(startOf(firstAfter) > startOf(firstBefore), `${firstBefore} → ${firstAfter}`).toBe(true);
    expect(startOf(secondAfter) >= startOf(secondBefore), `${secondBefore} → ${secondAfter}`).toBe(true);
    await shot(page, 'schedule-gantt-4-after-move');
    // The hour zoom, coloured by status.
    await page.locator('.mes-gantt-zoom').getByText('小时', { exact: true }).click();
    await page.locator('.mes-gantt-color').getByText('按状态', { exact: true }).click();
    await reveal(page, first.id);
    await page.locator('.mes-gantt-legend', { hasText: '已开始' }).waitFor();
    await shot(page, 'schedule-gantt-4b-hour-by-status');

    // The server has the new order: the moved task right before the first one.
    const queue = await api.call<MachineQueue>(`/dps-server/v3/report_task/schedule_view/detail/${picked.machine}`);
    const ids = queue.tasks.map((task) => task.id);
    expect(ids.indexOf(last.id)).toBe(ids.indexOf(first.id) - 1);
  });

  it('shows the load per machine per day and one order across machines', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/schedule-views?tab=load');
    await page.locator('.mes-load-table .ant-table-row').first().waitFor();
    await page.locator('.mes-load-chart canvas').waitFor();
    expect(await page.locator('.mes-load-table .ant-table-row').count()).toBeGreaterThan(1);
    await shot(page, 'schedule-gantt-5-load');

    await page.getByRole('tab', { name: '订单视图' }).click();
    const picker = page.locator('.mes-order-picker');
    await picker.click();
    const option = page.locator('.ant-select-item-option').first();
    await option.waitFor();
    const orderNo = (await option.innerText()).split(' · ')[0]!;
    await option.click();
    const operations = page.locator('.mes-order-operations .ant-table-row');
    await operations.first().waitFor();
    expect(await operations.count()).toBeGreaterThan(0);
    expect(await page.locator('.mes-order-picker').innerText()).toContain(orderNo);
    await shot(page, 'schedule-gantt-6-order-view');
  });

  it('opens a machine queue from the Gantt, reorders it by dragging a row and prints the day plan', async () => {
    const api = await apiSession(env.server.url, 'admin', 'admin123');
    const picked = await machineWithMovable(api, 2);
    const page = await env.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAt(page, env.server.url, '/schedule-views');
    await page.locator('.mes-gantt-summary', { hasText: '个任务' }).waitFor();
    // A machine's name in the Gantt opens its queue.
    const label = page.locator('.mes-gantt-row-label a').first();
    const labelName = await label.innerText();
    await label.click();
    await page.waitForURL(/\/machine-schedule\?deviceId=\d+/);
    await page.locator('.mes-machine-schedule .ant-statistic', { hasText: labelName }).waitFor();

    await page.goto(`${env.server.url}/machine-schedule?deviceId=${picked.machine}`);
    const rows = page.locator('.mes-queue-row');
    await rows.first().waitFor();
    const machineName = await page.locator('.mes-machine-schedule .ant-statistic').first().locator('.ant-statistic-content').innerText();
    await shot(page, 'schedule-gantt-7-machine-queue');

    // A later task that may move goes up before the first that may (fixed rows have no handle to drag).
    const firstId = picked.tasks[0]!.id;
    // A later movable task still on screen (the queue list is virtualised: a row far below is not rendered).
    const lastId = picked.tasks[Math.min(picked.tasks.length - 1, 3)]!.id;
    const firstRow = page.locator(`.mes-queue-row[data-task="${firstId}"]`);
    const startBefore = await firstRow.locator('.mes-queue-start').innerText();
    const handle = page.locator(`.mes-queue-row[data-task="${lastId}"] .mes-queue-handle`);
    await handle.scrollIntoViewIfNeeded();
    const source = (await handle.boundingBox())!;
    await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
    await page.mouse.down();
    await firstRow.scrollIntoViewIfNeeded().catch(() => undefined);
    const target = (await firstRow.boundingBox())!;
    await page.mouse.move(target.x + 40, target.y + 4, { steps: 10 });
    await page.locator('.mes-queue-insert').waitFor();
    await page.mouse.up();
    await page.locator('.mes-queue-note', { hasText: '重新计算了' }).waitFor();
    await expect.poll(() => firstRow.locator('.mes-queue-start').innerText()).not.toBe(startBefore);
    await shot(page, 'schedule-gantt-8-queue-reordered');
    const queue = await api.call<MachineQueue>(`/dps-server/v3/report_task/schedule_view/detail/${picked.machine}`);
    const ids = queue.tasks.map((task) => task.id);
    expect(ids.indexOf(lastId)).toBe(ids.indexOf(firstId) - 1);

    await page.getByRole('button', { name: '打印日计划' }).click();
    const printed = await printFramePdf(page, await env.newPage(), 'schedule-gantt-9-day-plan');
    expect(printed.document).toContain('机台日计划');
    expect(printed.document).toContain(machineName);
    expect(printed.pages).toBeGreaterThanOrEqual(1);
  });
});
