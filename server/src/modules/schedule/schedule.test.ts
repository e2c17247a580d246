import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { SCHEDULE_ACTIONS, ScheduleAuthorities as A } from '@core/access/authorities/schedule';
import type { PageResult } from '@core/contracts/common';
import { pathFiller } from '@core/contracts/endpoint';
import {
  CalcJobState,
  ScheduleApi,
  ScheduleMessages as M,
  SchedulePaths as P,
  type CalcJob,
  type MachineOption,
  type MachineQueue,
  type ProductionDetail,
  type ScheduleOrder,
  type ScheduleTask,
  type SortResult,
} from '@core/contracts/schedule';
import { ProductionOrderPaths, type ProductionOrderRow } from '@core/contracts/work-order/order';
import { ShiftPaths } from '@core/contracts/shifts';
import { schedule as runSchedule } from '../../domain/schedule';
import { checkOrderFactsAfterEach, loginAs, sheetRows, type TestApp, useTwoFactoryApp } from '../../test-support';
import { calculatedWrites } from './apply';
import { prepare } from './calc';
import { calculateInstance, readPlan, type BuiltInstance } from './engine-input';
import { CalcJobService } from './job.service';
import { ScheduleService } from './schedule.service';

let t: TestApp;
let admin: string;
let boardAdmin: string;
let planner: string;
let qc: string;

const { get, post, data } = useTwoFactoryApp(async (env) => {
  ({ t, admin, boardAdmin } = env);
  planner = await loginAs(t.app, 'planner', 'planner123');
  qc = await loginAs(t.app, 'qc', 'qc123456');
});
checkOrderFactsAfterEach(() => t.db);

const CARTON = 1001;
const scopeOf = async (orgId = CARTON) => {
  const user = await t.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  return { enterpriseId: 8888, orgId, userId: user.id };
};
const context = { path: '/test', source: 1, system: 12 };

const list = (token: string, path: string, query = '') => data(get<PageResult<ScheduleTask>>(token, `${path}?page=1&limit=1000&${query}`));
const queueOf = (token: string, deviceId: number) => data(get<MachineQueue>(token, P.viewDetail(deviceId)));
const minutes = (text: string) => new Date(text.replace(' ', 'T')).getTime() / 60_000;

/** The queued tasks of a machine as stored, in queue order. */
async function storedQueue(deviceId: number) {
  return t.db
    .selectFrom('production_order_operation')
    .select(['id', 'queue_pos', 'planned_start', 'planned_end', 'status', 'anew_time_flag'])
    .where('device_id', '=', deviceId)
    .where('queue_pos', 'is not', null)
    .where('status', '<>', 3)
    .orderBy('queue_pos')
    .execute();
}

/** Every scheduling column of every operation of the factory (what a refused or aborted action must leave alone). */
async function snapshot(orgId = CARTON) {
  return t.db
    .selectFrom('production_order_operation')
    .select(['id', 'device_id', 'queue_pos', 'task_type', 'issued', 'status', 'planned_start', 'planned_end', 'anew_time_flag'])
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute();
}

/** A machine's tasks run one after another in queue order (a started head may have started earlier). */
function expectSequential(tasks: ScheduleTask[]) {
  const timed = tasks.filter((task) => task.plannedStart !== null);
  for (let index = 1; index < timed.length; index += 1) {
    expect(minutes(timed[index]!.plannedStart!), `${timed[index]!.orderNo}`).toBeGreaterThanOrEqual(minutes(timed[index - 1]!.plannedEnd!));
  }
}

/** A standby task of the carton factory whose order has no other step queued, with a machine able to run it. */
async function standbyTask(token = admin, skip = new Set<number>()): Promise<{ task: ScheduleTask; machine: MachineOption }> {
  const standby = (await list(token, P.standbyList, 'sort=id,asc')).list.filter((task) => task.seq === 1 && !skip.has(task.orderId));
  for (const task of standby) {
    const options = await data(get<MachineOption[]>(token, `${P.machineOptions}?ids=${task.id}`));
    if (options.length > 0) {
      skip.add(task.orderId);
      return { task, machine: options[0]! };
    }
  }
  throw new Error('no standby task with an able machine');
}

describe('the seeded schedule', () => {
  it('puts the unfinished steps of deployed and producing orders of both factories in machine queues with calculated times', async () => {
    for (const token of [admin, boardAdmin]) {
      const scheduled = await list(token, P.scheduledList, 'tab=notIssued');
      const issued = await list(token, P.scheduledList, 'tab=issued');
      expect(scheduled.total + issued.total, 'queued tasks').toBeGreaterThan(10);
      const devices = [...new Set([...scheduled.list, ...issued.list].map((task) => task.deviceId!))];
      for (const deviceId of devices.slice(0, 4)) {
        const queue = await queueOf(token, deviceId);
        expect(queue.tasks.map((task) => task.queuePos)).toEqual(queue.tasks.map((_, index) => index + 1));
        expect(queue.machine.windows.length).toBeGreaterThan(0);
        // The seed left a few issued heads past their planned end (unfinished); the rest follow each other.
        expectSequential(queue.tasks.filter((task) => !(task.plannedEnd && minutes(task.plannedEnd) < Date.now() / 60_000)));
      }
    }
    expect((await data(get<{ count: number }>(admin, P.unfinishedCount))).count).toBeGreaterThan(0);
    expect((await list(admin, P.preList)).total).toBeGreaterThan(0);
    expect((await list(admin, P.anewTimeWrongList)).total).toBeGreaterThan(0);
  });

  it('filters 已排产 by 计划开始 (plannedStartStart/End, whole days in the factory’s zone)', async () => {
    const all = (await list(admin, P.scheduledList, 'tab=notIssued')).list.filter((task) => task.plannedStart !== null);
    const day = [...new Set(all.map((task) => task.plannedStart!.slice(0, 10)))].sort()[1]!;
    const onDay = all.filter((task) => task.plannedStart!.startsWith(day)).map((task) => task.id).sort();
    expect(onDay.length).toBeGreaterThan(0);
    const filtered = await list(admin, P.scheduledList, `tab=notIssued&plannedStartStart=${day}&plannedStartEnd=${day}`);
    expect(filtered.list.map((task) => task.id).sort()).toEqual(onDay);
    expect(await get(admin, `${P.scheduledList}?tab=notIssued&plannedStartStart=${day}&plannedStartEnd=2000-01-01`)).toEqual({ resultCode: 4000, resultMsg: '计划开始日期开始时间不能晚于结束时间' });
  });
});

describe('scheduling an order by hand and issuing it', () => {
  it('moves a standby step into a machine queue with times, the order to 已部署, then issues it', async () => {
    const { task, machine } = await standbyTask();
    const queueBefore = await queueOf(admin, machine.id);
    const result = await data(post<{ changed: number }>(planner, P.manualSchedule, { ids: [task.id], deviceId: machine.id }));
    expect(result).toEqual({ changed: 1 });
    const queue = await queueOf(admin, machine.id);
    expect(queue.tasks.length).toBe(queueBefore.tasks.length + 1);
    const placed = queue.tasks[queue.tasks.length - 1]!;
    expect(placed).toMatchObject({ id: task.id, taskType: 2, issued: false, queuePos: queue.tasks.length, unscheduledReason: '' });
    expect(placed.plannedStart).not.toBeNull();
    expect(placed.runMinutes).toBeGreaterThan(0);
    const order = await data(get<ProductionDetail>(admin, `${P.productionDetail}?id=${task.orderId}`));
    expect(order.order.status).toBe(3);
    expect(order.order.scheduleState).toBe(1);

    // Issue: 待开始 and issued; an issued task cannot be cancelled (4009, nothing changes).
    await data(post(planner, P.issue, { ids: [task.id] }));
    const issued = (await queueOf(admin, machine.id)).tasks.find((item) => item.id === task.id)!;
    expect(issued).toMatchObject({ issued: true, status: 1 });
    const before = await snapshot();
    expect(await post(planner, P.cancel, { ids: [task.id] })).toEqual({ resultCode: 4009, resultMsg: M.taskIllegal(task.orderNo, task.processName, '已下发，不能取消排产') });
    expect(await snapshot()).toEqual(before);
    expect((await data(get<ProductionDetail>(admin, `${P.productionDetail}?id=${task.orderId}`))).order.issueState).toBe(1);
  });

  it('refuses illegal actions with 4009 and the gate’s reason, changing nothing', async () => {
    const { task, machine } = await standbyTask();
    const before = await snapshot();
    expect(await post(admin, P.issue, { ids: [task.id] })).toEqual({ resultCode: 4009, resultMsg: M.taskIllegal(task.orderNo, task.processName, '未排产，不能下发') });
    expect(await post(admin, P.cancel, { ids: [task.id] })).toEqual({ resultCode: 4009, resultMsg: M.taskIllegal(task.orderNo, task.processName, '未排产，不能取消排产') });
    expect(await post(admin, P.urgent, { ids: [task.id] })).toEqual({ resultCode: 4009, resultMsg: M.taskIllegal(task.orderNo, task.processName, '未排产，不能插单') });
    expect(await post(admin, P.cancelPre, { ids: [task.id] })).toEqual({ resultCode: 4009, resultMsg: M.taskIllegal(task.orderNo, task.processName, '不在预排产中') });
    // All or nothing: a legal task beside an illegal one does not move either.
    const queued = (await queueOf(admin, machine.id)).tasks.find((item) => !item.issued && item.taskType === 2);
    if (queued) expect((await post(admin, P.issue, { ids: [queued.id, task.id] })).resultCode).toBe(4009);
    // A machine that cannot run the step.
    const options = await data(get<MachineOption[]>(admin, `${P.machineOptions}?ids=${task.id}`));
    const other = (await t.db.selectFrom('device').select(['id', 'name']).where('org_id', '=', CARTON).where('device_use', '=', 1).execute()).find(
      (device) => !options.some((option) => option.id === device.id),
    )!;
    expect(await post(admin, P.manualSchedule, { ids: [task.id], deviceId: other.id })).toMatchObject({ resultCode: 4009 });
    expect(await post(admin, P.manualSchedule, { ids: [task.id] })).toEqual({ resultCode: 4009, resultMsg: M.noDevice(task.orderNo, task.processName) });
    expect(await snapshot()).toEqual(before);

    // Pre-schedule, then it is no longer standby; back again.
    await data(post(admin, P.preSchedule, { ids: [task.id] }));
    expect((await list(admin, P.preList)).list.map((item) => item.id)).toContain(task.id);
    expect((await list(admin, P.standbyList)).list.map((item) => item.id)).not.toContain(task.id);
    expect(await post(admin, P.preSchedule, { ids: [task.id] })).toEqual({ resultCode: 4009, resultMsg: M.taskIllegal(task.orderNo, task.processName, '已在预排产中') });
    await data(post(admin, P.cancelPre, { ids: [task.id] }));
    expect((await list(admin, P.standbyList)).list.map((item) => item.id)).toContain(task.id);
  });

  it('holds an order out of scheduling (暂不排产) and releases it', async () => {
    const { task } = await standbyTask();
    await data(post(admin, P.holdOrders, { ids: [task.orderId] }));
    expect((await list(admin, P.standbyList)).list.map((item) => item.orderId)).not.toContain(task.orderId);
    expect(await post(admin, P.preSchedule, { ids: [task.id] })).toEqual({ resultCode: 4009, resultMsg: M.taskIllegal(task.orderNo, task.processName, '所属订单暂不排产') });
    expect((await post(admin, P.holdOrders, { ids: [task.orderId] })).resultCode).toBe(4009);
    const held = await data(get<PageResult<ScheduleOrder>>(admin, `${P.scheduleOrderList}?scheduleState=3&limit=1000`));
    expect(held.list.map((order) => order.id)).toContain(task.orderId);
    await data(post(admin, P.releaseOrders, { ids: [task.orderId] }));
    expect((await list(admin, P.standbyList)).list.map((item) => item.orderId)).toContain(task.orderId);
  });
});

describe('manual sort', () => {
  it('reorders a machine queue (v2) and recalculates its times at once; the Gantt move (v3) takes a task to another machine', async () => {
    const machines = await data(get<MachineOption[]>(admin, `${P.machineOptions}?ids=${(await standbyTask()).task.id}`));
    const busy = [];
    for (const machine of machines) {
      const queue = await queueOf(admin, machine.id);
      if (queue.tasks.filter((task) => task.status === 0 || task.status === 1).length >= 3) busy.push({ machine, queue });
    }
    expect(busy.length).toBeGreaterThan(0);
    const { machine, queue } = busy[0]!;
    const movable = queue.tasks.filter((task) => task.status !== 2 && task.status !== 6);
    const reversed = [...movable].reverse();
    const result = await data(post<SortResult>(planner, P.machineManualSort, { deviceId: machine.id, ids: reversed.map((task) => task.id) }));
    expect(result.deviceIds).toContain(machine.id);
    const after = await queueOf(admin, machine.id);
    const started = queue.tasks.filter((task) => task.status === 2 || task.status === 6).map((task) => task.id);
    expect(after.tasks.map((task) => task.id)).toEqual([...started, ...reversed.map((task) => task.id)]);
    expectSequential(after.tasks);
    // The new first movable task starts where the old first one did (the machine was busy from the same minute).
    expect(after.tasks.find((task) => task.id === reversed[0]!.id)!.plannedStart).not.toEqual(queue.tasks.find((task) => task.id === reversed[0]!.id)!.plannedStart);

    // A queue that changed meanwhile: the screen's list is stale.
    expect(await post(planner, P.machineManualSort, { deviceId: machine.id, ids: reversed.slice(1).map((task) => task.id) })).toEqual({ resultCode: 4009, resultMsg: '机台队列已变化，请刷新后重试' });

    // v3: the last task before the first movable one; later tasks move later.
    const last = after.tasks[after.tasks.length - 1]!;
    const firstMovable = after.tasks.find((task) => task.status !== 2 && task.status !== 6)!;
    await data(post<SortResult>(planner, P.manualSort, { id: last.id, deviceId: machine.id, beforeId: firstMovable.id }));
    const moved = await queueOf(admin, machine.id);
    const index = moved.tasks.findIndex((task) => task.id === last.id);
    expect(moved.tasks[index + 1]!.id).toBe(firstMovable.id);
    expectSequential(moved.tasks);
    expect(minutes(moved.tasks.find((task) => task.id === firstMovable.id)!.plannedStart!)).toBeGreaterThanOrEqual(minutes(moved.tasks[index]!.plannedEnd!));

    // Urgent (插单): the chosen task to the head of the not-started part.
    const tail = moved.tasks[moved.tasks.length - 1]!;
    await data(post(planner, P.urgent, { ids: [tail.id] }));
    const urgent = await queueOf(admin, machine.id);
    expect(urgent.tasks.filter((task) => task.status !== 2 && task.status !== 6)[0]!.id).toBe(tail.id);
  });
});

/** The real engine, held until `release` (a job whose abort can be tested without racing the clock). */
function gatedEngine() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const engine = async (built: BuiltInstance, budgetMs: number | undefined) => {
    await gate;
    return runSchedule(built.instance, budgetMs === undefined ? {} : { budgetMs, maxMoves: 200 });
  };
  return { engine, release };
}

describe('the background calculation', () => {
  it('refuses a second job, and an aborted job changes nothing', async () => {
    const scope = await scopeOf();
    // Stored times all a day late: any written calculation would change them.
    await sql`update production_order_operation set planned_start = planned_start + interval '1 day', planned_end = planned_end + interval '1 day' where org_id = ${CARTON} and queue_pos is not null`.execute(t.db);
    const before = await snapshot();
    const { engine, release } = gatedEngine();
    const jobs = new CalcJobService(t.db, () => new Date(), new ScheduleService(t.db, () => new Date()), engine);
    const job = await jobs.startCalculate(scope, context);
    expect(job).toMatchObject({ state: CalcJobState.running, kind: 'calculate' });

    expect(await post(planner, P.startCalculate, {})).toEqual({ resultCode: 4009, resultMsg: M.jobRunning });
    expect(await post(planner, P.autoSchedule, { ids: [(await standbyTask()).task.id] })).toEqual({ resultCode: 4009, resultMsg: M.jobRunning });
    expect((await data(get<CalcJob>(planner, P.calculateProgress))).id).toBe(job.id);
    // Actions wait for the job too.
    const queued = (await list(admin, P.scheduledList, 'tab=notIssued')).list[0]!;
    expect(await post(planner, P.urgent, { ids: [queued.id] })).toEqual({ resultCode: 4009, resultMsg: M.jobRunning });
    // The other factory is not blocked.
    expect((await data(get<CalcJob | null>(boardAdmin, P.calculateProgress)))?.state).not.toBe(CalcJobState.running);

    expect(await post(planner, P.cancelCalculate, { id: job.id })).toEqual({ resultCode: 1000, resultData: null });
    release();
    await jobs.done.get(job.id);
    expect(await snapshot()).toEqual(before);
    expect(await data(get<CalcJob>(planner, P.calculateProgress))).toMatchObject({ id: job.id, state: CalcJobState.aborted, message: M.abortedByUser });
    expect(await post(planner, P.cancelCalculate, { id: job.id })).toEqual({ resultCode: 4009, resultMsg: M.jobNotRunning });
    expect(await post(planner, P.cancelCalculate, {})).toEqual({ resultCode: 4009, resultMsg: M.noRunningJob });
  });

  it('a finished job writes its times and empties the wrong-time list', async () => {
    expect((await list(admin, P.anewTimeWrongList)).total).toBeGreaterThan(0);
    const job = await data(post<CalcJob>(planner, P.startCalculate, {}));
    await vi.waitFor(async () => expect((await data(get<CalcJob>(planner, P.calculateProgress))).state).toBe(CalcJobState.done), { timeout: 120_000, interval: 200 });
    const finished = await data(get<CalcJob>(planner, P.calculateProgress));
    expect(finished).toMatchObject({ id: job.id, progress: 100, message: '' });
    expect(finished.scheduledCount).toBeGreaterThan(10);
    expect((await list(admin, P.anewTimeWrongList)).total).toBe(0);
  });

  it('writes exactly the engine’s calculation of the stored queues', async () => {
    const scope = await scopeOf();
    // Stored times scrambled; a job on a fixed clock puts every queued task where a fresh calculation does.
    await sql`update production_order_operation set planned_start = planned_start - interval '5 hours', planned_end = planned_end + interval '3 hours' where org_id = ${CARTON} and queue_pos is not null`.execute(t.db);
    const clock = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    const inline = async (built: BuiltInstance) => runSchedule(built.instance);
    const jobs = new CalcJobService(t.db, () => clock, new ScheduleService(t.db, () => clock), inline);
    const job = await jobs.startCalculate(scope, context);
    await jobs.done.get(job.id);
    const prepared = await prepare(t.db, scope, clock);
    const built = calculateInstance(prepared.plant, prepared.tasks, prepared.now);
    const fresh = calculatedWrites(prepared.tasks, readPlan(built, runSchedule(built.instance)), 'all');
    const stored = new Map((await snapshot()).map((row) => [row.id, row]));
    expect(fresh.length).toBeGreaterThan(10);
    for (const write of fresh) {
      const row = stored.get(write.id)!;
      expect([row.queue_pos, row.planned_start && new Date(row.planned_start).getTime(), row.planned_end && new Date(row.planned_end).getTime()], `task ${write.id}`).toEqual([
        write.queuePos,
        write.start?.getTime() ?? null,
        write.end?.getTime() ?? null,
      ]);
    }
  });
});

describe('自动排产', () => {
  it('places the selected steps of an order around the existing queues, each after the one before it', async () => {
    const scope = await scopeOf();
    const standby = (await list(admin, P.standbyList, 'sort=id,asc')).list;
    const byOrder = new Map<number, ScheduleTask[]>();
    for (const item of standby) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    const steps = [...byOrder.values()].find((items) => items.length > 2 && items.some((item) => item.seq === 1))!.sort((a, b) => a.seq - b.seq);
    const task = steps[0]!;
    // Only a later step: its earlier one is neither selected nor queued.
    expect(await post(planner, P.autoSchedule, { ids: [steps[1]!.id] })).toEqual({
      resultCode: 4009,
      resultMsg: M.taskIllegal(steps[1]!.orderNo, steps[1]!.processName, `的前道工序「${steps[0]!.processName}」未排产，请一并选择`),
    });
    const queuesBefore = new Map<number, number[]>();
    for (const row of (await snapshot()).sort((a, b) => (a.queue_pos ?? 0) - (b.queue_pos ?? 0))) if (row.queue_pos !== null && row.status !== 3) queuesBefore.set(row.device_id!, [...(queuesBefore.get(row.device_id!) ?? []), row.id]);

    const inline = async (built: BuiltInstance, budgetMs: number | undefined) => runSchedule(built.instance, budgetMs === undefined ? {} : { budgetMs, maxMoves: 300, seed: 3 });
    const jobs = new CalcJobService(t.db, () => new Date(), new ScheduleService(t.db, () => new Date()), inline);
    const job = await jobs.startOptimize(scope, { ids: steps.map((step) => step.id), budgetSeconds: 1 }, context);
    expect(job.kind).toBe('optimize');
    await jobs.done.get(job.id);
    expect(await data(get<CalcJob>(planner, P.calculateProgress))).toMatchObject({ id: job.id, state: CalcJobState.done });
    const detail = await data(get<ProductionDetail>(admin, `${P.productionDetail}?id=${task.orderId}`));
    const placed = detail.tasks.filter((item) => steps.some((step) => step.id === item.id));
    expect(placed.every((item) => item.taskType === 2 && item.deviceId !== null && item.queuePos !== null)).toBe(true);
    const timed = placed.filter((item) => item.plannedStart !== null).sort((a, b) => a.seq - b.seq);
    expect(timed.length).toBeGreaterThan(0);
    for (let index = 1; index < timed.length; index += 1) expect(minutes(timed[index]!.plannedStart!)).toBeGreaterThanOrEqual(minutes(timed[index - 1]!.plannedEnd!));
    expect(detail.order.status).toBe(3);
    // The tasks already queued keep their machines and their order among themselves.
    const after = await snapshot();
    for (const [deviceId, ids] of queuesBefore) {
      const now = after.filter((row) => row.device_id === deviceId && ids.includes(row.id)).sort((a, b) => a.queue_pos! - b.queue_pos!);
      expect(now.map((row) => row.id)).toEqual(ids.filter((id) => now.some((row) => row.id === id)));
    }
  });
});

describe('wrong-time flags', () => {
  it('flags the queued tasks of an edited order and those after them, until cancel_anew_time_flag', async () => {
    const queued = (await list(admin, P.scheduledList, 'tab=notIssued&sort=queuePos,asc')).list.find((task) => task.orderStatus === 3 && task.queuePos! > 1)!;
    const order = await data(get<ProductionOrderRow>(admin, ProductionOrderPaths.detail(queued.orderId)));
    await data(
      post(admin, ProductionOrderPaths.update, {
        id: order.id,
        customerName: `${order.customerName}改`,
        productId: order.productId,
        productName: order.productName,
        lengthMm: order.lengthMm,
        widthMm: order.widthMm,
        heightMm: order.heightMm,
        quantity: order.quantity,
        deliveryDate: order.deliveryDate,
      }),
    );
    const wrong = await list(admin, P.anewTimeWrongList);
    const flagged = wrong.list.find((task) => task.id === queued.id)!;
    expect(flagged).toMatchObject({ anewTimeFlag: true, anewTimeReason: '订单已修改' });
    const after = (await storedQueue(queued.deviceId!)).filter((row) => row.queue_pos! > queued.queuePos!);
    expect(after.every((row) => row.anew_time_flag)).toBe(true);

    await data(post(planner, P.cancelAnewTimeFlag, { ids: [queued.id] }));
    expect((await list(admin, P.anewTimeWrongList)).list.map((task) => task.id)).not.toContain(queued.id);
    await data(post(planner, P.cancelAnewTimeFlag, {}));
    expect((await list(admin, P.anewTimeWrongList)).total).toBe(0);
  });

  it('flags the queued tasks of an order given a new delivery date or urgency in a batch, and of a suspended order', async () => {
    const queued = (await list(admin, P.scheduledList, 'tab=notIssued&sort=queuePos,asc')).list.filter((task) => task.orderStatus === 3 && task.queuePos! > 1);
    const [dated, rushed, paused] = [...new Map(queued.map((task) => [task.orderId, task])).values()];
    const reasonAfter = async (task: ScheduleTask, path: string, body: object) => {
      await data(post(planner, P.cancelAnewTimeFlag, {}));
      await data(post(admin, path, body));
      return (await list(admin, P.anewTimeWrongList)).list.find((row) => row.id === task.id)?.anewTimeReason;
    };
    expect(await reasonAfter(dated!, ProductionOrderPaths.batchDeliveryDate, { ids: [dated!.orderId], deliveryDate: '2031-01-15' })).toBe('订单已修改');
    const after = (await storedQueue(dated!.deviceId!)).filter((row) => row.queue_pos! > dated!.queuePos!);
    expect(after.every((row) => row.anew_time_flag)).toBe(true);
    expect(await reasonAfter(rushed!, ProductionOrderPaths.urgent, { ids: [rushed!.orderId], urgency: (rushed!.urgency + 1) % 4 })).toBe('订单已修改');
    expect(await reasonAfter(paused!, ProductionOrderPaths.suspend, { ids: [paused!.orderId] })).toBe('订单已暂停');
    // The suspended order keeps its place in the queue (it may resume).
    expect((await storedQueue(paused!.deviceId!)).map((row) => row.id)).toContain(paused!.id);
    await data(post(admin, ProductionOrderPaths.resume, { ids: [paused!.orderId] }));
    await data(post(planner, P.cancelAnewTimeFlag, {}));
  });

  it('flags the queued tasks of a recycled order (转回收), which keep their place until it recovers', async () => {
    const task = (await list(admin, P.scheduledList, 'tab=notIssued&sort=queuePos,asc')).list.find((row) => row.orderStatus === 3 && row.queuePos! > 1)!;
    await data(post(admin, ProductionOrderPaths.suspend, { ids: [task.orderId] }));
    await data(post(planner, P.cancelAnewTimeFlag, {}));
    await data(post(admin, ProductionOrderPaths.recycle, { ids: [task.orderId] }));
    const wrong = new Map((await list(admin, P.anewTimeWrongList)).list.map((row) => [row.id, row.anewTimeReason]));
    expect(wrong.get(task.id)).toBe('订单已转回收');
    const later = (await storedQueue(task.deviceId!)).filter((row) => row.queue_pos! > task.queuePos!);
    expect(later.every((row) => row.anew_time_flag)).toBe(true);
    expect((await storedQueue(task.deviceId!)).map((row) => row.id)).toContain(task.id);
    await data(post(admin, ProductionOrderPaths.recover, { ids: [task.orderId] }));
    await data(post(planner, P.cancelAnewTimeFlag, {}));
  });

  it('takes an ended order’s unfinished tasks out of the machine queues and flags the tasks after them', async () => {
    const task = (await list(admin, P.scheduledList, 'tab=notIssued&sort=queuePos,asc')).list.find((row) => row.orderStatus === 3 && row.queuePos! > 1)!;
    const later = (await storedQueue(task.deviceId!)).filter((row) => row.queue_pos! > task.queuePos!).map((row) => row.id);
    expect(later.length).toBeGreaterThan(0);
    await data(post(admin, ProductionOrderPaths.end, { ids: [task.orderId] }));
    const operations = await t.db.selectFrom('production_order_operation').select(['status', 'queue_pos', 'anew_time_flag']).where('order_id', '=', task.orderId).execute();
    expect(operations.every((row) => row.status === 3 && row.queue_pos === null && !row.anew_time_flag)).toBe(true);
    expect((await list(admin, P.scheduledList, 'tab=notIssued')).list.map((row) => row.orderId)).not.toContain(task.orderId);
    const wrong = new Map((await list(admin, P.anewTimeWrongList)).list.map((row) => [row.id, row.anewTimeReason]));
    expect(later.map((id) => wrong.get(id))).toEqual(later.map(() => '订单已结束生产'));
    await data(post(planner, P.cancelAnewTimeFlag, {}));
  });

  it('flags a machine’s tasks from a changed calendar day on', async () => {
    const queued = (await list(admin, P.scheduledList, 'tab=notIssued')).list[0]!;
    const day = queued.plannedStart!.slice(0, 10);
    await data(post(admin, ShiftPaths.deviceCalendarCreate, { deviceId: queued.deviceId, date: day, type: 1, remark: '检修' }));
    const wrong = await list(admin, P.anewTimeWrongList, `deviceId=${queued.deviceId}`);
    expect(wrong.list.map((task) => task.id)).toContain(queued.id);
    expect(wrong.list.every((task) => task.anewTimeReason === '机台日历已变更' && task.deviceId === queued.deviceId)).toBe(true);
    await data(post(planner, P.cancelAnewTimeFlag, {}));
  });
});

describe('unfinished tasks and tasks of revoked orders', () => {
  it('lists tasks past their planned end and carries them over, or closes them', async () => {
    const before = await data(get<{ count: number }>(admin, P.unfinishedCount));
    const stale = (await list(admin, P.scheduledList, 'tab=notIssued')).list.filter((task) => task.plannedEnd !== null).slice(0, 2);
    await t.db.updateTable('production_order_operation').set({ planned_start: new Date(Date.now() - 8 * 3_600_000), planned_end: new Date(Date.now() - 3_600_000) }).where('id', 'in', stale.map((task) => task.id)).execute();
    expect((await data(get<{ count: number }>(admin, P.unfinishedCount))).count).toBe(before.count + 2);
    const unfinished = await list(admin, P.unfinishedList);
    expect(unfinished.list.map((task) => task.id)).toEqual(expect.arrayContaining(stale.map((task) => task.id)));
    // Not issued: cannot be closed; carried over, its times start from now again.
    expect((await post(planner, P.unfinishedHandle, { ids: [stale[0]!.id], handle: 'close' })).resultCode).toBe(4009);
    await data(post(planner, P.unfinishedHandle, { ids: [stale[0]!.id], handle: 'carryOver' }));
    const carried = (await queueOf(admin, stale[0]!.deviceId!)).tasks.find((task) => task.id === stale[0]!.id)!;
    expect(minutes(carried.plannedEnd!)).toBeGreaterThan(Date.now() / 60_000);
    await data(post(planner, P.unfinishedHandle, { ids: [stale[1]!.id], handle: 'reschedule' }));
    expect((await list(admin, P.standbyList)).list.map((task) => task.id)).toContain(stale[1]!.id);
  });

  it('lists the tasks of revoked orders and takes them out of the schedule', async () => {
    const queued = (await list(admin, P.scheduledList, 'tab=notIssued')).list.find((task) => task.orderStatus === 3)!;
    await t.db.updateTable('production_order').set({ revoked: true, revoked_at: new Date() }).where('id', '=', queued.orderId).execute();
    const revoked = await list(admin, P.taskDeleteOrderList);
    expect(revoked.list.map((task) => task.id)).toContain(queued.id);
    const standby = (await list(admin, P.standbyList)).list[0]!;
    expect(await post(planner, P.batchDelete, { ids: [standby.id] })).toEqual({ resultCode: 4009, resultMsg: M.taskIllegal(standby.orderNo, standby.processName, '所属订单未撤销，不能删除') });
    await data(post(planner, P.batchDelete, { ids: revoked.list.filter((task) => task.orderId === queued.orderId).map((task) => task.id) }));
    expect((await list(admin, P.taskDeleteOrderList)).list.map((task) => task.orderId)).not.toContain(queued.orderId);
    const row = await t.db.selectFrom('production_order_operation').select(['queue_pos', 'task_type', 'device_id']).where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ queue_pos: null, task_type: null, device_id: null });
  });
});

describe('views, capacity and export', () => {
  it('shows the Gantt range, the load per machine per day, the capacity per process per day and exports the schedule', async () => {
    const today = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    const date = (offset: number) => {
      const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
      return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    };
    const view = await data(get<{ machines: Array<{ id: number; windows: unknown[] }>; tasks: ScheduleTask[] }>(admin, `${P.viewList}?start=${date(0)}&end=${date(7)}`));
    expect(view.machines.length).toBeGreaterThan(3);
    expect(view.tasks.length).toBeGreaterThan(5);
    expect(view.tasks.every((task) => view.machines.some((machine) => machine.id === task.deviceId))).toBe(true);
    expect((await get(admin, `${P.viewList}?start=${date(0)}&end=${date(90)}`)).resultCode).toBe(4000);

    const load = await data(get<{ machines: unknown[]; days: string[]; cells: Array<{ loadMinutes: number; availableMinutes: number; loadPercent: number }> }>(admin, `${P.loadDetail}?startDate=${date(0)}&endDate=${date(6)}`));
    expect(load.days).toHaveLength(7);
    expect(load.cells).toHaveLength(load.machines.length * 7);
    expect(load.cells.some((cell) => cell.loadMinutes > 0 && cell.availableMinutes > 0)).toBe(true);
    for (const cell of load.cells) expect(cell.loadPercent).toBe(cell.availableMinutes === 0 ? 0 : Math.round((cell.loadMinutes / cell.availableMinutes) * 1000) / 10);

    const capacity = await data(get<{ cells: Array<{ neededMinutes: number; availableMinutes: number; overloaded: boolean }> }>(admin, `${P.deliveryCapacity}?startDate=${date(0)}&endDate=${date(20)}`));
    expect(capacity.cells.some((cell) => cell.neededMinutes > 0)).toBe(true);
    expect(capacity.cells.every((cell) => cell.overloaded === cell.neededMinutes > cell.availableMinutes)).toBe(true);

    const orders = await data(get<PageResult<ScheduleOrder>>(admin, `${P.scheduleOrderList}?limit=100`));
    expect(orders.list.every((order) => order.scheduleState === 0 || order.scheduleState === 1)).toBe(true);

    const response = await t.app.inject({ method: 'POST', url: P.scheduleExport, headers: { authorization: `bearer ${planner}`, X_ENTERPRISE_ID: '8888' }, payload: { tab: 'notIssued' } });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['机台', '订单号', '计划开始', '计划结束']));
    expect(rows.length - 1).toBe((await list(admin, P.scheduledList, 'tab=notIssued')).total);
  });
});

describe('authority and tenant isolation', () => {
  const endpoints = Object.values(ScheduleApi);

  it('guards every action with its own ACTION_SCHEDULE_ code and every read with a schedule menu code', () => {
    const actions = new Set(SCHEDULE_ACTIONS.map((action) => action.code));
    for (const endpoint of endpoints) {
      if (endpoint.method === 'GET') expect(endpoint.authority, endpoint.path).toMatch(/^MENU_SCHEDULE/);
      else expect(actions.has(endpoint.authority!), endpoint.path).toBe(true);
    }
    expect(A.idToSchedule).toBe('8621');
    expect(A.idScheduled).toBe('8624');
    expect(A.idViews).toBe('8625');
  });

  it('refuses every endpoint to a user without the codes (4003)', async () => {
    for (const endpoint of endpoints) {
      const response = await t.app.inject({ method: endpoint.method, url: pathFiller(endpoint.path)(1), headers: { authorization: `bearer ${qc}`, X_ENTERPRISE_ID: '8888' }, payload: endpoint.method === 'GET' ? undefined : {} });
      expect(response.json(), `${endpoint.method} ${endpoint.path}`).toMatchObject({ resultCode: 4003 });
    }
  });

  it('never shows or changes a task of 示例纸箱厂 from 示例纸板厂', async () => {
    const carton = (await list(admin, P.scheduledList, 'tab=notIssued')).list[0]!;
    const cartonIds = new Set((await snapshot()).map((row) => row.id));
    for (const path of [P.standbyList, P.preList, P.scheduledList, P.anewTimeWrongList, P.unfinishedList, P.taskDeleteOrderList]) {
      const board = await list(boardAdmin, path);
      expect(board.list.filter((task) => cartonIds.has(task.id)), path).toEqual([]);
    }
    const before = await snapshot();
    const writes: Array<[string, object]> = [
      [P.assignMachine, { ids: [carton.id], deviceId: carton.deviceId }],
      [P.preSchedule, { ids: [carton.id] }],
      [P.cancelPre, { ids: [carton.id] }],
      [P.manualSchedule, { ids: [carton.id] }],
      [P.autoSchedule, { ids: [carton.id] }],
      [P.issue, { ids: [carton.id] }],
      [P.cancel, { ids: [carton.id] }],
      [P.urgent, { ids: [carton.id] }],
      [P.manualSort, { id: carton.id, deviceId: carton.deviceId }],
      [P.machineManualSort, { deviceId: carton.deviceId, ids: [carton.id] }],
      [P.unfinishedHandle, { ids: [carton.id], handle: 'carryOver' }],
      [P.batchDelete, { ids: [carton.id] }],
      [P.cancelAnewTimeFlag, { ids: [carton.id] }],
      [P.holdOrders, { ids: [carton.orderId] }],
      [P.releaseOrders, { ids: [carton.orderId] }],
    ];
    for (const [path, body] of writes) expect((await post(boardAdmin, path, body)).resultCode, path).toBe(4004);
    expect((await get(boardAdmin, P.viewDetail(carton.deviceId!))).resultCode).toBe(4004);
    expect((await get(boardAdmin, `${P.productionDetail}?id=${carton.orderId}`)).resultCode).toBe(4004);
    expect((await get(boardAdmin, `${P.machineOptions}?ids=${carton.id}`)).resultCode).toBe(4004);
    expect((await post(boardAdmin, P.cancelCalculate, { id: 1 })).resultCode).not.toBe(1000);
    expect(await snapshot()).toEqual(before);
  });
});
