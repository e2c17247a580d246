import { beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import { DeviceCareAuthorities } from '@core/access/authorities/device-care';
import { DeviceCheckPaths as P, MaintenancePaths as M, type CalendarDay, type CareHomeFigures, type CareOrder, type CareOrderDetail, type Plan, type SchemeDetail } from '@core/contracts/device-care';
import { DeviceRepairPaths } from '@core/contracts/device-repair';
import { DeviceStatusPaths } from '@core/contracts/device-status';
import type { DeviceFigures } from '@core/contracts/device-status';
import { loginAs, loginWithRole, type TestApp, useTwoFactoryApp } from '../../test-support';
import { generateEverywhere } from './generator';

let t: TestApp;
let admin: string;
let boardAdmin: string;
let planner: string;
let viewer: string;
let adminId: number;
/** The app's clock: tests move it to see periods begin and orders fall due. */
let clock = new Date();

const { get, post, data, logCount } = useTwoFactoryApp(
  async (env) => {
    ({ t, admin, boardAdmin } = env);
    planner = await loginAs(t.app, 'planner', 'planner123');
    adminId = (await t.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    // staff04 (操作员 only) may open 设备点检 but press none of its buttons.
    viewer = await loginWithRole(t, 'staff04', '点检查看', ['MENU_DEVICE', 'MENU_DEVICE_CHECK']);
  },
  // Tokens outlive the clock's moves (a week ahead in the cycle tests).
  { now: () => clock, accessTokenTtl: 30 * 86_400 },
);

const local = (text: string) => new Date(text.replace(' ', 'T'));
let devices: Array<{ id: number; deviceNo: string; name: string }>;

beforeAll(async () => {
  devices = (await data(get<PageResult<{ id: number; deviceNo: string; name: string }>>(admin, '/dps-server/device/list?limit=100'))).list;
  expect(devices.length).toBeGreaterThan(3);
});

const ITEMS = [
  { itemName: '主气压', method: '看气压表', valueKind: 'range', min: 0.5, max: 0.7, unit: 'MPa' },
  { itemName: '润滑油位', method: '目视油标', standard: '在刻度之间', valueKind: 'yesno', normalYes: true },
  { itemName: '导轨清洁', valueKind: 'yesno', photoRequired: true },
];

async function newScheme(name: string, paths = P): Promise<number> {
  return (await data(post<{ id: number }>(admin, paths.schemeCreate, { schemeName: name, items: ITEMS }))).id;
}

async function newPlan(body: Record<string, unknown>, paths = P): Promise<number> {
  return (await data(post<{ id: number }>(admin, paths.planCreate, { assigneeId: adminId, active: true, startDate: '2026-01-01', ...body }))).id;
}

async function ordersOf(planName: string, token = admin, paths = P): Promise<CareOrder[]> {
  return (await data(get<PageResult<CareOrder>>(token, `${paths.orderList}?limit=1000&sort=dueTime,asc&planName=${encodeURIComponent(planName)}`))).list.filter((order) => order.planName === planName);
}

describe('设备点检 schemes and plans', () => {
  it('keeps a scheme with its items, checks ranges, names and refuses deleting one a plan uses', async () => {
    const id = await newScheme('压力与润滑');
    const detail = await data(get<SchemeDetail>(admin, P.schemeDetail(id)));
    expect(detail.items.map((item) => [item.itemName, item.valueKind, item.min, item.max, item.unit, item.photoRequired])).toEqual([
      ['主气压', 'range', 0.5, 0.7, 'MPa', false],
      ['润滑油位', 'yesno', null, null, '', false],
      ['导轨清洁', 'yesno', null, null, '', true],
    ]);
    expect(await logCount('新增点检方案：压力与润滑（3项）')).toBe(1);

    const bad = (items: unknown[]) => post(admin, P.schemeCreate, { schemeName: '坏方案', items });
    expect(await bad([{ itemName: '温度', valueKind: 'range' }])).toMatchObject({ resultCode: 4000, resultMsg: '第1项「温度」请填写下限或上限' });
    expect(await bad([ITEMS[1], { itemName: '温度', valueKind: 'range', min: 9, max: 3 }])).toMatchObject({ resultCode: 4000, resultMsg: '第2项「温度」的下限不能大于上限' });
    expect(await post(admin, P.schemeCreate, { schemeName: '压力与润滑', items: ITEMS })).toMatchObject({ resultCode: 4009, resultMsg: '点检方案名称已存在' });
    // The same name is free for 保养: the kinds never share schemes.
    const maintenanceId = await newScheme('压力与润滑', M);
    expect((await get(admin, M.schemeDetail(id))).resultCode).toBe(4004);
    expect((await get(admin, P.schemeDetail(maintenanceId))).resultCode).toBe(4004);

    await newPlan({ planName: '用方案的计划', schemeId: id, deviceIds: [devices[0]!.id], cycle: 'daily', active: false });
    expect(await post(admin, P.schemeDeleteBatch, { ids: [id] })).toMatchObject({ resultCode: 4009, resultMsg: '点检方案「压力与润滑」已被计划「用方案的计划」使用，无法删除' });
  });

  it('checks a plan’s scheme, devices, assignee and run hours in the factory', async () => {
    const schemeId = await newScheme('计划校验方案');
    const base = { planName: '校验计划', schemeId, deviceIds: [devices[0]!.id], cycle: 'daily', assigneeId: adminId, active: true, startDate: '2026-01-01' };
    expect(await post(admin, P.planCreate, { ...base, cycle: 'runHours' })).toMatchObject({ resultCode: 4000, resultMsg: '按运行小时的计划请填写运行小时' });
    expect(await post(admin, P.planCreate, { ...base, deviceIds: [99_999] })).toMatchObject({ resultCode: 4004, resultMsg: '设备不存在' });
    expect(await post(admin, P.planCreate, { ...base, schemeId: 99_999 })).toMatchObject({ resultCode: 4004, resultMsg: '点检方案不存在' });
    expect(await post(admin, P.planCreate, { ...base, assigneeId: 99_999 })).toMatchObject({ resultCode: 4004, resultMsg: '执行人不是本工厂人员' });
    const boardDevice = (await data(get<PageResult<{ id: number }>>(boardAdmin, '/dps-server/device/list?limit=10'))).list[0]!;
    expect(await post(admin, P.planCreate, { ...base, deviceIds: [boardDevice.id] })).toMatchObject({ resultCode: 4004, resultMsg: '设备不存在' });
    const id = await newPlan(base);
    const plan = await data(get<Plan>(admin, P.planDetail(id)));
    expect(plan).toMatchObject({ planName: '校验计划', cycle: 'daily', deviceIds: [devices[0]!.id], assigneeId: adminId, active: true, runHours: null });
  });
});

describe('work-order generation', () => {
  it('is idempotent: generating twice makes each plan’s orders once', async () => {
    clock = local('2026-11-25 09:00:00');
    const schemeId = await newScheme('幂等方案');
    await newPlan({ planName: '幂等日检', schemeId, deviceIds: [devices[0]!.id, devices[1]!.id], cycle: 'daily' });
    const first = await data(post<{ created: number }>(admin, P.generate, {}));
    expect(first.created).toBeGreaterThanOrEqual(4);
    const orders = await ordersOf('幂等日检');
    // Today's and yesterday's day (still in the look-back) for each of the two devices.
    expect(orders.map((order) => `${order.deviceNo} ${order.dueTime} ${order.state}`).sort()).toEqual(
      [devices[0]!, devices[1]!].flatMap((device) => [`${device.deviceNo} 2026-11-24 23:59:59 4`, `${device.deviceNo} 2026-11-25 23:59:59 1`]).sort(),
    );
    expect((await data(post<{ created: number }>(admin, P.generate, {}))).created).toBe(0);
    // The server's own timer runs the same generation for every factory: nothing more either.
    await generateEverywhere(t.db, clock);
    expect(await ordersOf('幂等日检')).toHaveLength(4);
    expect(orders[0]!.orderNo).toMatch(/^DJ2026112[45]\d{4}$/);

    // A new assignee takes over the plan's open orders (a done one would stay with who did it).
    const staff = await t.db.selectFrom('app_user').select(['id', 'nick_name']).where('username', '=', 'staff01').executeTakeFirstOrThrow();
    const plan = (await data(get<PageResult<Plan>>(admin, `${P.planList}?planName=${encodeURIComponent('幂等日检')}`))).list[0]!;
    await data(post(admin, P.planUpdate, { ...plan, assigneeId: staff.id }));
    expect(new Set((await ordersOf('幂等日检')).map((order) => order.assigneeName))).toEqual(new Set([staff.nick_name]));
    expect(await logCount(`编辑点检计划：幂等日检（4张未完成工单改派给${staff.nick_name}）`)).toBe(1);
  });

  it('per shift follows the factory’s shifts; weekly and monthly make one order per period', async () => {
    clock = local('2026-11-25 21:00:00');
    const shifts = await data(get<{ shifts: Array<{ id: number; name: string; startTime: string; endTime: string }> }>(admin, P.planOptions));
    expect(shifts.shifts.length).toBeGreaterThan(0);
    const schemeId = await newScheme('周期方案');
    await newPlan({ planName: '班检', schemeId, deviceIds: [devices[2]!.id], cycle: 'shift', shiftIds: [shifts.shifts[0]!.id] });
    await newPlan({ planName: '周保', schemeId, deviceIds: [devices[2]!.id], cycle: 'weekly' });
    await newPlan({ planName: '月保', schemeId, deviceIds: [devices[2]!.id], cycle: 'monthly' });
    await post(admin, P.generate, {});
    const shift = shifts.shifts[0]!;
    const perShift = await ordersOf('班检');
    expect(perShift.length).toBeGreaterThanOrEqual(1);
    expect(perShift.every((order) => order.periodStart.endsWith(`${shift.startTime}:00`))).toBe(true);
    expect((await ordersOf('周保')).map((order) => [order.periodStart, order.dueTime])).toEqual([['2026-11-23 00:00:00', '2026-11-29 23:59:59']]);
    expect((await ordersOf('月保')).map((order) => [order.periodStart, order.dueTime])).toEqual([['2026-11-01 00:00:00', '2026-11-30 23:59:59']]);
    // A week later the next week's order comes, the old one now overdue.
    clock = local('2026-12-01 08:00:00');
    await post(admin, P.generate, {});
    expect((await ordersOf('周保')).map((order) => [order.periodStart, order.state])).toEqual([
      ['2026-11-23 00:00:00', 4],
      ['2026-11-30 00:00:00', 1],
    ]);
  });

  it('by run hours: an order once the device ran the plan’s hours on its status timeline (device-status figures)', async () => {
    clock = new Date();
    const device = devices[3]!;
    const start = new Date(clock.getTime() - 20 * 86_400_000);
    start.setHours(0, 0, 0, 0);
    const figures = await data(get<DeviceFigures>(admin, `${DeviceStatusPaths.figures}?deviceId=${device.id}&from=${start.getTime()}&to=${clock.getTime()}`));
    expect(figures.runHours).toBeGreaterThan(2);
    const schemeId = await newScheme('运行小时方案');
    const startDate = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    await newPlan({ planName: '未到小时', schemeId, deviceIds: [device.id], cycle: 'runHours', runHours: Math.ceil(figures.runHours) + 1, startDate });
    await newPlan({ planName: '已到小时', schemeId, deviceIds: [device.id], cycle: 'runHours', runHours: Math.floor(figures.runHours) - 1, startDate });
    await post(admin, P.generate, {});
    expect(await ordersOf('未到小时')).toHaveLength(0);
    const due = await ordersOf('已到小时');
    expect(due.map((order) => [order.deviceNo, order.cycle, order.state])).toEqual([[device.deviceNo, 'runHours', 1]]);
    // Counted again from that order: nothing more until the device runs the hours again.
    expect((await data(post<{ created: number }>(admin, P.generate, {}))).created).toBe(0);
  });
});

describe('execution and 异常报修', () => {
  let order: CareOrderDetail;
  const itemId = (name: string) => order.items.find((item) => item.itemName === name)!.id;

  beforeAll(async () => {
    clock = new Date();
    const schemeId = await newScheme('执行方案');
    await newPlan({ planName: '执行日检', schemeId, deviceIds: [devices[4 % devices.length]!.id], cycle: 'daily' });
    await post(admin, P.generate, {});
    const open = (await ordersOf('执行日检')).find((candidate) => candidate.state === 1)!;
    order = await data(get<CareOrderDetail>(admin, P.orderDetail(open.id)));
  });

  it('saves results (执行中), judges each item on the server and refuses an incomplete 提交', async () => {
    const saved = await post(admin, P.execute, { id: order.id, submit: false, results: [{ itemId: itemId('主气压'), value: 0.9 }] });
    expect(saved).toMatchObject({ resultCode: 1000 });
    let detail = await data(get<CareOrderDetail>(admin, P.orderDetail(order.id)));
    expect(detail.state).toBe(2);
    expect(detail.items.map((item) => [item.itemName, item.value, item.normal])).toEqual([
      ['主气压', 0.9, false],
      ['润滑油位', null, null],
      ['导轨清洁', null, null],
    ]);
    expect(await post(admin, P.execute, { id: order.id, submit: true, results: [{ itemId: itemId('润滑油位'), yes: true }] })).toMatchObject({ resultCode: 4000, resultMsg: '请填写「导轨清洁」的结果' });
    expect(await post(admin, P.execute, { id: order.id, submit: true, results: [{ itemId: itemId('润滑油位'), yes: true }, { itemId: itemId('导轨清洁'), yes: true }] })).toMatchObject({
      resultCode: 4000,
      resultMsg: '「导轨清洁」需要拍照，请上传照片',
    });
    expect(await post(admin, P.execute, { id: order.id, submit: false, results: [{ itemId: 99_999, yes: true }] })).toMatchObject({ resultCode: 4000, resultMsg: '检查项目不属于该工单' });
    expect(await post(admin, P.execute, { id: order.id, submit: false, results: [{ itemId: itemId('导轨清洁'), yes: true, photos: ['/files/8888/nope.png'] }] })).toMatchObject({ resultCode: 4004 });
    // Refused writes changed nothing.
    detail = await data(get<CareOrderDetail>(admin, P.orderDetail(order.id)));
    expect(detail.items.map((item) => item.normal)).toEqual([false, null, null]);
  });

  it('raises a repair order from an abnormal item in one transaction, linked both ways', async () => {
    expect(await post(admin, P.raiseRepair, { id: order.id, itemId: itemId('润滑油位') })).toMatchObject({ resultCode: 4000, resultMsg: '请先保存「润滑油位」的结果再报修' });
    // A photo that is gone by the time of the repair refuses the whole write: no repair, no link, no log.
    const url = `/files/8888/2026-11/care-${Date.now()}.png`;
    const file = await t.db
      .insertInto('file_object')
      .values({ enterprise_id: 8888, org_id: 1001, user_id: adminId, type: 0, url, storage_key: 'x', file_name: 'a.png', original_name: 'a.png', mime: 'image/png', size: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await data(post(admin, P.execute, { id: order.id, submit: false, results: [{ itemId: itemId('主气压'), value: 0.9, photos: [url] }] }));
    await t.db.deleteFrom('file_object').where('id', '=', file.id).execute();
    const repairsBefore = (await data(get<PageResult<unknown>>(admin, `${DeviceRepairPaths.list}?limit=10`))).total;
    expect((await post(admin, P.raiseRepair, { id: order.id, itemId: itemId('主气压') })).resultCode).toBe(4004);
    expect((await data(get<PageResult<unknown>>(admin, `${DeviceRepairPaths.list}?limit=10`))).total).toBe(repairsBefore);
    expect(await logCount(`点检异常报修：${order.orderNo}`)).toBe(0);
    await data(post(admin, P.execute, { id: order.id, submit: false, results: [{ itemId: itemId('主气压'), value: 0.9, photos: [] }] }));

    const raised = await data(post<{ repairId: number; repairNo: string }>(admin, P.raiseRepair, { id: order.id, itemId: itemId('主气压') }));
    const repair = await data(get<{ status: number; faultDescription: string; remark: string; deviceId: number; reporterName: string }>(admin, DeviceRepairPaths.detail(raised.repairId)));
    expect(repair).toMatchObject({ status: 1, deviceId: order.deviceId, remark: `来自点检工单 ${order.orderNo}`, faultDescription: '点检异常：主气压为0.9 MPa，正常应为0.5–0.7 MPa' });
    const detail = await data(get<CareOrderDetail>(admin, P.orderDetail(order.id)));
    expect(detail.items[0]).toMatchObject({ repairId: raised.repairId, repairNo: raised.repairNo });
    expect(detail.repairCount).toBe(1);
    expect(await logCount(`点检异常报修：${order.orderNo}「主气压」→ 维修单 ${raised.repairNo}`)).toBe(1);
    expect(await post(admin, P.raiseRepair, { id: order.id, itemId: itemId('主气压') })).toMatchObject({ resultCode: 4009, resultMsg: `「主气压」已报修（${raised.repairNo}）` });
  });

  it('submits a complete order (已完成) and refuses changing it afterwards', async () => {
    await data(post(admin, P.execute, { id: order.id, submit: false, results: [{ itemId: itemId('润滑油位'), yes: false }] }));
    const url = `/files/8888/2026-11/care-ok-${Date.now()}.png`;
    await t.db.insertInto('file_object').values({ enterprise_id: 8888, org_id: 1001, user_id: adminId, type: 0, url, storage_key: 'y', file_name: 'b.png', original_name: 'b.png', mime: 'image/png', size: 1 }).execute();
    await data(post(admin, P.execute, { id: order.id, submit: true, results: [{ itemId: itemId('导轨清洁'), yes: true, photos: [url] }], remark: '已处理' }));
    const detail = await data(get<CareOrderDetail>(admin, P.orderDetail(order.id)));
    expect(detail).toMatchObject({ state: 3, abnormalCount: 2, executorName: expect.any(String), remark: '已处理' });
    expect(detail.finishTime).not.toBeNull();
    expect(detail.items.map((item) => item.normal)).toEqual([false, false, true]);
    expect(await post(admin, P.execute, { id: order.id, submit: false, results: [] })).toMatchObject({ resultCode: 4009, resultMsg: '点检工单已完成，不能再修改' });
  });
});

describe('calendar, to-dos, authority and isolation', () => {
  it('counts each day’s orders by state, and the caller’s own open ones', async () => {
    clock = new Date();
    const month = `${clock.getFullYear()}-${String(clock.getMonth() + 1).padStart(2, '0')}`;
    const days = await data(get<CalendarDay[]>(admin, `${P.calendar}?month=${month}`));
    expect(days.length).toBeGreaterThanOrEqual(28);
    const orders = (await data(get<PageResult<CareOrder>>(admin, `${P.orderList}?limit=1000&dueTimeStart=${month}-01 00:00:00&dueTimeEnd=${days[days.length - 1]!.date} 23:59:59`))).list;
    const total = days.reduce((sum, day) => sum + day.done + day.due + day.overdue, 0);
    expect(total).toBe(orders.length);
    expect(days.reduce((sum, day) => sum + day.done, 0)).toBe(orders.filter((order) => order.state === 3).length);
    const home = await data(get<{ due: number; overdue: number }>(admin, P.homeFigures));
    const mine = (await data(get<PageResult<CareOrder>>(admin, `${P.orderList}?limit=1000&mine=1&state=4`))).total;
    expect(home.overdue).toBe(mine);
  });

  it('gives the seeded 设备员 (staff01) their own check orders to execute', async () => {
    const staff01 = await loginAs(t.app, 'staff01', 'staff123');
    const own = await data(get<PageResult<CareOrder>>(staff01, `${P.orderList}?limit=1000&mine=1`));
    expect(own.total).toBeGreaterThan(0);
    const open = own.list.find((order) => order.state === 1 || order.state === 2);
    expect(open, 'an open order of staff01').toBeDefined();
    expect((await data(get<{ items: unknown[] }>(staff01, P.orderDetail(open!.id)))).items.length).toBeGreaterThan(0);
  });

  it('needs each button’s code, on every write', async () => {
    const schemeId = await newScheme('权限方案');
    const planId = await newPlan({ planName: '权限计划', schemeId, deviceIds: [devices[0]!.id], cycle: 'daily', active: false });
    const A = DeviceCareAuthorities.check;
    const writes: Array<[string, unknown, string]> = [
      [P.schemeCreate, { schemeName: 'x', items: ITEMS }, A.schemeAdd],
      [P.schemeUpdate, { id: schemeId, schemeName: 'x', items: ITEMS }, A.schemeEdit],
      [P.schemeDeleteBatch, { ids: [schemeId] }, A.schemeDelete],
      [P.planCreate, { planName: 'x', schemeId, deviceIds: [devices[0]!.id], cycle: 'daily', assigneeId: adminId, active: true, startDate: '2026-01-01' }, A.planAdd],
      [P.planUpdate, { id: planId, planName: 'x', schemeId, deviceIds: [devices[0]!.id], cycle: 'daily', assigneeId: adminId, active: true, startDate: '2026-01-01' }, A.planEdit],
      [P.planDeleteBatch, { ids: [planId] }, A.planDelete],
      [P.generate, {}, A.generate],
      [P.execute, { id: 1, submit: false, results: [] }, A.execute],
      [P.raiseRepair, { id: 1, itemId: 1 }, A.repair],
    ];
    // staff01 sees the page (lists answer) but holds none of the buttons; planner not even the page.
    expect((await get(viewer, P.orderList)).resultCode).toBe(1000);
    expect((await get(planner, P.orderList)).resultCode).toBe(4003);
    expect((await get(viewer, M.orderList)).resultCode).toBe(4003);
    for (const [path, body, code] of writes) {
      expect((await post(viewer, path, body)).resultCode, `${path} needs ${code}`).toBe(4003);
    }
    expect((await data(get<SchemeDetail>(admin, P.schemeDetail(schemeId)))).schemeName).toBe('权限方案');
    expect((await data(get<Plan>(admin, P.planDetail(planId)))).planName).toBe('权限计划');
  });

  it('keeps each factory’s orders to itself', async () => {
    const carton = (await data(get<PageResult<CareOrder>>(admin, `${P.orderList}?limit=10`))).list[0]!;
    expect((await get(boardAdmin, P.orderDetail(carton.id))).resultCode).toBe(4004);
    expect((await post(boardAdmin, P.execute, { id: carton.id, submit: false, results: [] })).resultCode).toBe(4004);
    expect((await post(boardAdmin, P.raiseRepair, { id: carton.id, itemId: 1 })).resultCode).toBe(4004);
    const boardOrders = (await data(get<PageResult<CareOrder>>(boardAdmin, `${P.orderList}?limit=1000`))).list;
    expect(boardOrders.length).toBeGreaterThan(0);
    expect(boardOrders.some((order) => order.id === carton.id)).toBe(false);
    // The maintenance side of the board factory is seeded too, and separate.
    expect((await data(get<PageResult<CareOrder>>(boardAdmin, `${M.orderList}?limit=10`))).total).toBeGreaterThan(0);
  });

  it('counts only the own factory’s orders on the calendar and the home tiles', async () => {
    clock = new Date();
    const month = `${clock.getFullYear()}-${String(clock.getMonth() + 1).padStart(2, '0')}`;
    const boardView = async () => ({
      days: await data(get<CalendarDay[]>(boardAdmin, `${P.calendar}?month=${month}`)),
      home: await data(get<CareHomeFigures>(boardAdmin, P.homeFigures)),
    });
    const before = await boardView();
    const boardMonth = (await data(get<PageResult<CareOrder>>(boardAdmin, `${P.orderList}?limit=1000&dueTimeStart=${month}-01 00:00:00&dueTimeEnd=${before.days[before.days.length - 1]!.date} 23:59:59`))).list;
    expect(before.days.reduce((sum, day) => sum + day.done + day.due + day.overdue, 0)).toBe(boardMonth.length);
    // An open order of 示例纸箱厂 given to admin and overdue today: admin's tile there counts it, 示例纸板厂's views do not change.
    const cartonHome = await data(get<CareHomeFigures>(admin, P.homeFigures));
    const open = (await data(get<PageResult<CareOrder>>(admin, `${P.orderList}?limit=1000&state=1`))).list.find((order) => order.assigneeId !== adminId)!;
    await t.db.updateTable('care_order').set({ assignee_id: adminId, due_time: new Date(clock.getTime() - 60_000) }).where('id', '=', open.id).execute();
    expect((await data(get<CareHomeFigures>(admin, P.homeFigures))).overdue).toBe(cartonHome.overdue + 1);
    expect(await boardView()).toEqual(before);
  });
});
