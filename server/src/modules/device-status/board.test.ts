// 设备看板 and 工单日历 figures: planned time from a device's calendar (shifts, breaks, 加班 days),
// run time from its status timeline, per workshop and per day; authority and factory isolation.
import { describe, expect, it } from 'vitest';
import { DeviceStatusPaths as P, type BoardFigures, type WorkCalendar } from '@core/contracts/device-status';
import { ShiftPaths } from '@core/contracts/shifts';
import type { IssuedMachineKey, WorkMachine } from '@core/contracts/modeling';
import { ShopFloorPaths } from '@core/contracts/modeling';
import type { PageResult } from '@core/contracts/common';
import { dayStart } from '../../domain/device-status';
import { bearer, loginAs, type TestApp, useTwoFactoryApp } from '../../test-support';

let t: TestApp;
let admin: string;
let boardAdmin: string;
let planner: string;
let deviceId: number;
let workshopId: number;

const HOUR = 3_600_000;
const DAY = '2026-03-11';
const at = (hours: number) => dayStart(DAY) + hours * HOUR;

const { get, post, data } = useTwoFactoryApp(
  async (env) => {
    ({ t, admin, boardAdmin } = env);
    planner = await loginAs(t.app, 'planner', 'planner123');
    // A workshop and device of the test's own, so no seeded timeline mixes in.
    workshopId = (await t.db.insertInto('workshop').values({ enterprise_id: 8888, org_id: 1001, name: '看板测试车间', sort: 99 }).returning('id').executeTakeFirstOrThrow()).id;
    deviceId = (
      await t.db.insertInto('device').values({ enterprise_id: 8888, org_id: 1001, device_no: 'KB-01', name: '看板测试设备', workshop_id: workshopId }).returning('id').executeTakeFirstOrThrow()
    ).id;
    // March: no shift at all but one 加班 day, 08:00–16:00 with half an hour off → 7.5 h planned on DAY only.
    const shift = await data(post<{ id: number }>(admin, ShiftPaths.shiftCreate, { className: '看板测试班', startTime: '08:00', endTime: '16:00', breaks: [{ start: '12:00', end: '12:30' }] }));
    await data(post(admin, ShiftPaths.monthEffectSave, { deviceId, month: '2026-03', classTimeIds: [] }));
    await data(post(admin, ShiftPaths.deviceCalendarCreate, { deviceId, date: DAY, type: 2, classTimeId: shift.id, remark: '赶货' }));
    const machine = (await data(get<PageResult<WorkMachine>>(admin, `${ShopFloorPaths.workMachineList}?machineCode=YTJ-01`))).list[0]!;
    const key = (await data(post<IssuedMachineKey>(admin, ShopFloorPaths.workMachineKeyIssue, { id: machine.id }))).key;
    const events = [
      { deviceNo: 'KB-01', status: 3, at: at(7) },
      { deviceNo: 'KB-01', status: 5, at: at(9), reason: '断纸' },
      { deviceNo: 'KB-01', status: 3, at: at(10) },
      { deviceNo: 'KB-01', status: 4, at: at(14), reason: '缺料' },
      { deviceNo: 'KB-01', status: 1, at: at(26) },
    ];
    const response = await t.app.inject({ method: 'POST', url: P.events, headers: { X_MACHINE_KEY: key }, payload: { events } });
    expect(response.json()).toEqual({ resultCode: 1000, resultData: { accepted: 5, duplicates: 0 } });
  },
  { deviceOfflineMinutes: 60 * 24 * 400 },
);

describe('设备看板 figures', () => {
  it('counts run time inside the planned shift per workshop, and the downtime by reason', async () => {
    const board = await data(get<BoardFigures>(admin, `${P.board}?from=${at(0)}&to=${at(24)}`));
    const mine = board.workshops.find((workshop) => workshop.workshopId === workshopId)!;
    // Planned 08:00–12:00 and 12:30–16:00; ran 07–09 and 10–14 → 1 + 2 + 1.5 h inside.
    expect(mine).toEqual({ workshopId, workshopName: '看板测试车间', devices: 1, plannedHours: 7.5, runHours: 4.5, availability: 0.6 });
    expect(board.factory.devices).toBeGreaterThan(1);
    expect(board.factory.failures).toBeGreaterThanOrEqual(1);
    expect(board.downtimeByReason.map((row) => row.reason)).toEqual(expect.arrayContaining(['断纸', '缺料']));
  });

  it('refuses a reversed or too long period', async () => {
    expect(await get(admin, `${P.board}?from=${at(24)}&to=${at(0)}`)).toEqual({ resultCode: 4000, resultMsg: '结束时间必须晚于开始时间' });
    expect(await get(admin, `${P.board}?from=${at(0)}&to=${at(24 * 40)}`)).toEqual({ resultCode: 4000, resultMsg: '看板时段不能超过 31 天' });
  });
});

describe('工单日历', () => {
  it('gives every device of a workshop its days: planned hours from the calendar, hours run, the day entries', async () => {
    const calendar = await data(get<WorkCalendar>(admin, `${P.calendar}?month=2026-03&workshopId=${workshopId}`));
    expect(calendar.devices.map((device) => device.deviceNo)).toEqual(['KB-01']);
    const [device] = calendar.devices;
    expect(device!.days).toHaveLength(31);
    const day = device!.days.find((item) => item.date === DAY)!;
    expect(day).toMatchObject({ plannedHours: 7.5, runHours: 6, shifts: [{ name: '看板测试班', start: '08:00', end: '16:00', extra: true }] });
    expect(day.overrides).toEqual([expect.objectContaining({ date: DAY, type: 2, typeName: '加班', className: '看板测试班', remark: '赶货' })]);
    // Ran 07–09 and 10–14 on the day; nothing the day after (idle from 02:00).
    expect(device!.days.find((item) => item.date === '2026-03-12')).toMatchObject({ plannedHours: 0, runHours: 0 });
    expect(device!).toMatchObject({ plannedHours: 7.5, runHours: 6 });
    expect(calendar.shifts.map((shift) => shift.name)).toContain('看板测试班');
  });

  it('follows a day taken out (停机) after reload', async () => {
    const created = await data(post<{ id: number }>(admin, ShiftPaths.deviceCalendarCreate, { deviceId, date: '2026-03-11', type: 1 }));
    const calendar = await data(get<WorkCalendar>(admin, `${P.calendar}?month=2026-03&workshopId=${workshopId}`));
    expect(calendar.devices[0]!.days.find((item) => item.date === DAY)).toMatchObject({ down: true, plannedHours: 0, shifts: [] });
    await data(post(admin, ShiftPaths.deviceCalendarDeleteBatch, { ids: [created.id] }));
  });

  it('refuses a bad month with its field named', async () => {
    const answer = await get(admin, `${P.calendar}?month=2026-13`);
    expect(answer).toMatchObject({ resultCode: 4000 });
    expect((answer as { resultMsg: string }).resultMsg).toContain('月份');
  });
});

describe('access', () => {
  it('needs the board and calendar pages', async () => {
    expect(await get(planner, `${P.board}?from=${at(0)}&to=${at(24)}`)).toMatchObject({ resultCode: 4003 });
    expect(await get(planner, `${P.calendar}?month=2026-03`)).toMatchObject({ resultCode: 4003 });
  });

  it('streams the live status to the board under its own page code', async () => {
    expect(await get(planner, P.boardStream)).toMatchObject({ resultCode: 4003 });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}${P.boardStream}`, { headers: bearer(admin), signal: controller.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    // The snapshot is one event: read until its blank line.
    while (!/event: snapshot\ndata: .*\n\n/.test(text)) text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text).toContain('"deviceNo":"KB-01"');
    controller.abort();
  });

  it("never shows another factory's devices or workshops", async () => {
    const other = await data(get<WorkCalendar>(boardAdmin, `${P.calendar}?month=2026-03`));
    expect(other.devices.map((device) => device.deviceNo)).not.toContain('KB-01');
    const board = await data(get<BoardFigures>(boardAdmin, `${P.board}?from=${at(0)}&to=${at(24)}`));
    expect(board.workshops.map((workshop) => workshop.workshopId)).not.toContain(workshopId);
    expect(await get(boardAdmin, `${P.calendar}?month=2026-03&workshopId=${workshopId}`)).toEqual({ resultCode: 4004, resultMsg: '车间不存在' });
  });
});
