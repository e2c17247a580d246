// Journeys of /classCfg and /sys-log (issue 4) in the standalone console against the real server
// and its seed: a holiday and a shift change show in a device's month calendar, and the system log
// lists both writes.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useE2eEnvironment } from './support/harness';
import * as ui from './support/list-page';

const MONTH = '2026-12';
/** A Wednesday: a workday unless a holiday says otherwise. */
const REST_DAY = '2026-12-09';
const WORK_DAY = '2026-12-10';
const HOLIDAY_NAME = '端到端停产日';

/** Types into an antd date/time picker and confirms. */
async function typeInto(page: Page, input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/** Opens the 设备日历 tab on MONTH and answers the cell of `date`. */
async function calendarDay(page: Page, date: string) {
  await page.getByRole('tab', { name: '设备日历' }).click();
  await page.locator('.mes-calendar-day').first().waitFor();
  await typeInto(page, page.locator('.mes-calendar-month input'), MONTH);
  const cell = page.locator(`.mes-calendar-day[data-date="${date}"]`);
  await cell.waitFor();
  await page.locator('.mes-device-calendar[data-loading="false"]').waitFor();
  return {
    cell,
    workday: (await cell.getAttribute('data-workday')) === 'true',
    minutes: Number(await cell.getAttribute('data-minutes')),
    text: (await cell.innerText()).replace(/\s+/g, ' '),
  };
}

describe('shifts module', () => {
  const env = useE2eEnvironment('shifts');

  it('shows holiday and shift changes in the device calendar and logs them', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/classCfg?tab=shift');
    expect(await ui.rowWith(page, '白班 A').innerText()).toContain('08:00–20:00');

    const before = await calendarDay(page, REST_DAY);
    expect(before.workday).toBe(true);
    expect(before.minutes).toBeGreaterThan(0);
    const workBefore = await calendarDay(page, WORK_DAY);
    expect(workBefore.text).toContain('白班 A 08:00–20:00');
    await shot(page, 'shifts-1-calendar-before');

    // A company rest day on a Wednesday: no shifts, no available minutes that day.
    await ui.listAfter(page, () => page.getByRole('tab', { name: '节假日' }).click(), { path: '/dps-server/holiday/page' });
    const holiday = await ui.openDialog(page, '新增节假日');
    await typeInto(page, holiday.getByPlaceholder('请选择日期'), REST_DAY);
    await holiday.getByPlaceholder('请输入节假日名称').fill(HOLIDAY_NAME);
    await shot(page, 'shifts-2-holiday-editor');
    await holiday.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('holiday');

    const after = await calendarDay(page, REST_DAY);
    expect(after).toMatchObject({ workday: false, minutes: 0 });
    expect(after.text).toContain(HOLIDAY_NAME);

    // 白班 A ends an hour earlier: every workday keeps 60 minutes less.
    await ui.listAfter(page, () => page.getByRole('tab', { name: '班次' }).click(), { path: '/dps-server/class_manage/shift/list' });
    await ui.rowAction(ui.rowWith(page, '白班 A'), '编辑');
    const shift = ui.dialog(page, '编辑班次');
    await expect.poll(() => shift.getByPlaceholder('请选择结束时间').inputValue()).toBe('20:00');
    await typeInto(page, shift.getByPlaceholder('请选择结束时间'), '19:00');
    await shot(page, 'shifts-3-shift-editor');
    await shift.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '修改成功').waitFor();
    await ui.rowWith(page, '08:00–19:00').waitFor();

    const workAfter = await calendarDay(page, WORK_DAY);
    expect(workAfter.text).toContain('白班 A 08:00–19:00');
    expect(workAfter.minutes).toBe(workBefore.minutes - 60);
    await shot(page, 'shifts-4-calendar-after');

    // The system log lists both writes.
    await page.goto(`${env.server.url}/sys-log`);
    await ui.waitForList(page);
    const filtered = async (content: string) => {
      await page.getByPlaceholder('请输入操作内容').fill(content);
      await page.keyboard.press('Enter');
      await expect.poll(async () => {
        const rows = await ui.tableRows(page).allInnerTexts();
        return rows.length > 0 && rows.every((row) => row.includes(content));
      }).toBe(true);
      return ui.tableRows(page).allInnerTexts();
    };
    const holidayLog = await filtered(HOLIDAY_NAME);
    expect(holidayLog[0]).toContain(`新增节假日：${REST_DAY}`);
    expect(holidayLog[0]).toContain('班次管理-新增节假日');
    expect(holidayLog[0]).not.toContain('/dps-server/');
    const shiftLog = await filtered('编辑班次');
    expect(shiftLog[0]).toContain('白班 A 08:00-19:00');
    expect(shiftLog[0]).toContain('系统管理员');
    await shot(page, 'shifts-5-sys-log');
  });

  it('exchanges the shifts of a day shift and a night shift worker', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/classCfg?tab=classUser');
    const users = await ui.listRows(page);
    const day = users.find((row) => row['班次'] === '白班 A');
    const night = users.find((row) => row['班次'] === '夜班 B');
    expect(day && night).toBeTruthy();

    await ui.listAfter(page, () => page.getByRole('tab', { name: '调班' }).click(), { path: '/dps-server/class_manage/exchange/list' });
    const editor = await ui.openDialog(page, '新增调班');
    await typeInto(page, editor.getByPlaceholder('请选择调班日期'), '2026-12-15');
    await ui.pick(editor.locator('.ant-form-item', { hasText: '调班人员' }).locator('.ant-select'), day!['姓名']!);
    await ui.pick(editor.locator('.ant-form-item', { hasText: '调班对象' }).locator('.ant-select'), night!['姓名']!);
    await editor.getByPlaceholder('请输入调班原因').fill('家中有事');
    await shot(page, 'shifts-6-exchange-editor');
    await editor.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '调班成功').waitFor();
    await ui.rowWith(page, '家中有事').waitFor();
    const created = await ui.listRow(page, '调班原因', '家中有事');
    expect(created).toMatchObject({ 调班日期: '2026-12-15', 调班人员: day!['姓名'], 原班次: '白班 A', 调班对象: night!['姓名'], 对象班次: '夜班 B' });
    await shot(page, 'shifts-7-exchange-list');
  });
});
