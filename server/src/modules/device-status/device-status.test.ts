import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import { DeviceStatusPaths as P, type DeviceFigures, type Downtime, type IngestResult, type Overview, type StatusChange, type StatusEventInput, type TimelineSegment } from '@core/contracts/device-status';
import { DeviceLiveAuthorities as A } from '@core/access/authorities/device-live';
import { eventStreamParser } from '@core/http/event-stream';
import { ShopFloorPaths, type IssuedMachineKey, type WorkMachine } from '@core/contracts/modeling';
import { buildApp } from '../../app';
import { openDatabase } from '../../db';
import { databasePubSub } from '../../lib/pubsub';
import { bearer, loginAs, loginWithRole, type Envelope, type TestApp, useTwoFactoryApp } from '../../test-support';
import { TimelineStore } from './timeline.store';

let t: TestApp;
let admin: string;
let boardAdmin: string;
let planner: string;
/** staff10: 设备总览 and 设备详情 only (the page and detail codes, no 设备停机-编辑, no 看板, no 工单日历) */
let viewer: string;
/** A live machine key of 一体机 YTJ-01 of 示例纸箱厂 (1001). */
let key: string;
let machineId: number;

const HOUR = 3_600_000;
const MINUTE = 60_000;

const { get, post, data, logCount } = useTwoFactoryApp(
  async (env) => {
    ({ t, admin, boardAdmin } = env);
    planner = await loginAs(t.app, 'planner', 'planner123');
    viewer = await loginWithRole(t, 'staff10', '设备查看', [A.group, A.page, A.detail]);
    const machines = await data(get<PageResult<WorkMachine>>(admin, `${ShopFloorPaths.workMachineList}?machineCode=YTJ-01`));
    machineId = machines.list[0]!.id;
    key = (await data(post<IssuedMachineKey>(admin, ShopFloorPaths.workMachineKeyIssue, { id: machineId }))).key;
  },
  // Events an hour apart stay online in these tests; the offline rule has its own test below.
  { deviceOfflineMinutes: 600 },
);

async function postEvents(machineKey: string, events: Array<Partial<StatusEventInput>>, headers: Record<string, string> = { X_MACHINE_KEY: machineKey }): Promise<Envelope<IngestResult>> {
  return (await t.app.inject({ method: 'POST', url: P.events, headers, payload: { events } })).json();
}

/** A device of one factory only, made for a test (its own number, so its timeline is the test's alone). */
async function makeDevice(deviceNo: string, orgId = 1001): Promise<number> {
  const workshop = await t.db.selectFrom('workshop').select('id').where('org_id', '=', orgId).orderBy('id').executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('device')
    .values({ enterprise_id: 8888, org_id: orgId, device_no: deviceNo, name: `测试设备${deviceNo}`, workshop_id: workshop.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const counts = async () => {
  const events = await t.db.selectFrom('device_status_event').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const segments = await t.db.selectFrom('device_status_segment').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { events: Number(events.n), segments: Number(segments.n) };
};

const timeline = (deviceId: number, from: number, to: number) => data(get<TimelineSegment[]>(admin, `${P.timeline}?deviceId=${deviceId}&from=${from}&to=${to}`));

describe('machine keys', () => {
  it('is shown once, listed only by its hint, and stops working when revoked or replaced', async () => {
    const listed = (await data(get<PageResult<WorkMachine>>(admin, `${ShopFloorPaths.workMachineList}?machineCode=YTJ-02`))).list[0]!;
    expect(listed.keyHint).toBe('');
    const issued = await data(post<IssuedMachineKey>(admin, ShopFloorPaths.workMachineKeyIssue, { id: listed.id }));
    expect(issued.key).toMatch(/^mk_[A-Za-z0-9_-]{40,}$/);
    const after = (await data(get<PageResult<WorkMachine>>(admin, `${ShopFloorPaths.workMachineList}?machineCode=YTJ-02`))).list[0]!;
    expect(after.keyHint).toBe(issued.keyHint);
    expect(JSON.stringify(after)).not.toContain(issued.key);
    // Only the hash is stored.
    const stored = await t.db.selectFrom('machine_key').selectAll().where('work_machine_id', '=', listed.id).execute();
    expect(JSON.stringify(stored)).not.toContain(issued.key);
    expect(await logCount('生成一体机密钥：YTJ-02')).toBe(1);

    const at = Date.now() - 1000;
    expect(await postEvents(issued.key, [{ deviceNo: 'MQ-01', status: 3, at }])).toEqual({ resultCode: 1000, resultData: { accepted: 1, duplicates: 0 } });
    const replaced = await data(post<IssuedMachineKey>(admin, ShopFloorPaths.workMachineKeyIssue, { id: listed.id }));
    expect(await postEvents(issued.key, [{ deviceNo: 'MQ-01', status: 3, at: at + 1 }])).toEqual({ resultCode: 1003, resultMsg: '一体机密钥无效或已停用' });
    expect((await postEvents(replaced.key, [{ deviceNo: 'MQ-01', status: 3, at: at + 1 }])).resultCode).toBe(1000);
    await data(post(admin, ShopFloorPaths.workMachineKeyRevoke, { id: listed.id }));
    expect(await logCount('停用一体机密钥：YTJ-02')).toBe(1);
    expect(await postEvents(replaced.key, [{ deviceNo: 'MQ-01', status: 3, at: at + 2 }])).toEqual({ resultCode: 1003, resultMsg: '一体机密钥无效或已停用' });
    expect(await post(admin, ShopFloorPaths.workMachineKeyRevoke, { id: listed.id })).toEqual({ resultCode: 4000, resultMsg: '该一体机没有有效的密钥' });
  });

  it('keys are issued only for machines of the own factory and by whoever holds the button', async () => {
    expect(await post(boardAdmin, ShopFloorPaths.workMachineKeyIssue, { id: machineId })).toEqual({ resultCode: 4004, resultMsg: '一体机不存在' });
    expect((await post(planner, ShopFloorPaths.workMachineKeyIssue, { id: machineId })).resultCode).toBe(4003);
  });

  it('a machine key reads no user route, and a user token posts no events', async () => {
    for (const headers of [{ X_MACHINE_KEY: key }, { authorization: `bearer ${key}` }, { access_token: key }]) {
      for (const url of ['/dps-server/device/list', P.overview, ShopFloorPaths.workMachineList, '/base/user/info']) {
        const answer = await t.app.inject({ method: 'GET', url, headers });
        expect(answer.body, `${url} with ${Object.keys(headers)[0]}`).toMatch(/"(resultCode|code)":1003/);
      }
    }
    const before = await counts();
    expect(await postEvents('', [{ deviceNo: 'YS-01', status: 5, at: Date.now() }], bearer(admin))).toEqual({ resultCode: 1003, resultMsg: '一体机密钥无效或已停用' });
    expect(await postEvents('', [{ deviceNo: 'YS-01', status: 5, at: Date.now() }], { X_MACHINE_KEY: admin })).toEqual({ resultCode: 1003, resultMsg: '一体机密钥无效或已停用' });
    expect(await counts()).toEqual(before);
  });
});

describe('ingestion', () => {
  it('is idempotent: the same events again change nothing', async () => {
    const deviceId = await makeDevice('T-IDEM');
    const t0 = Date.now() - 3 * HOUR;
    const events = [
      { deviceNo: 'T-IDEM', status: 3, at: t0, eventId: 'e1' },
      { deviceNo: 'T-IDEM', status: 5, at: t0 + HOUR, reason: '卡纸', eventId: 'e2' },
      { deviceNo: 'T-IDEM', status: 3, at: t0 + 2 * HOUR, counter: 120 },
    ];
    expect(await data(postEvents(key, events))).toEqual({ accepted: 3, duplicates: 0 });
    const first = await timeline(deviceId, t0 - HOUR, t0 + 4 * HOUR);
    const stored = await counts();
    expect(await data(postEvents(key, events))).toEqual({ accepted: 0, duplicates: 3 });
    expect(await data(postEvents(key, [events[1]!, events[1]!]))).toEqual({ accepted: 0, duplicates: 2 });
    // One event on its own: the same as a batch of one.
    const single = (event: object) => t.app.inject({ method: 'POST', url: P.event, headers: { X_MACHINE_KEY: key }, payload: event }).then((answer) => answer.json() as Envelope<IngestResult>);
    expect(await data(single(events[2]!))).toEqual({ accepted: 0, duplicates: 1 });
    expect(await single({ deviceNo: 'T-IDEM', status: 9, at: t0 })).toEqual({ resultCode: 4000, resultMsg: '事件未保存：第1条：设备状态 9 无效，应为 1–6' });
    expect(await counts()).toEqual(stored);
    expect(await timeline(deviceId, t0 - HOUR, t0 + 4 * HOUR)).toEqual(first);
    expect(first).toEqual([
      { start: t0, end: t0 + HOUR, status: 3, reason: null },
      { start: t0 + HOUR, end: t0 + 2 * HOUR, status: 5, reason: '卡纸' },
      { start: t0 + 2 * HOUR, end: null, status: 3, reason: null },
    ]);
  });

  it('takes events out of order and late: the timeline is the same as in order', async () => {
    const inOrder = await makeDevice('T-ORDER-A');
    const shuffled = await makeDevice('T-ORDER-B');
    const t0 = Date.now() - 5 * HOUR;
    const steps: Array<[number, number, string | null]> = [
      [0, 3, null],
      [HOUR, 4, '待料'],
      [90 * MINUTE, 3, null],
      [2 * HOUR, 3, null], // a heartbeat inside a run
      [3 * HOUR, 5, '断纸'],
      [4 * HOUR, 1, null],
    ];
    const of = (deviceNo: string, [offset, status, reason]: [number, number, string | null]) => ({ deviceNo, status, at: t0 + offset, reason });
    await data(postEvents(key, steps.map((step) => of('T-ORDER-A', step))));
    // The newest first, then a gateway reconnecting with the older ones, one by one in a jumble.
    for (const index of [5, 2, 0, 4, 1, 3]) await data(postEvents(key, [of('T-ORDER-B', steps[index]!)]));
    const expected = [
      { start: t0, end: t0 + HOUR, status: 3, reason: null },
      { start: t0 + HOUR, end: t0 + 90 * MINUTE, status: 4, reason: '待料' },
      { start: t0 + 90 * MINUTE, end: t0 + 3 * HOUR, status: 3, reason: null },
      { start: t0 + 3 * HOUR, end: t0 + 4 * HOUR, status: 5, reason: '断纸' },
      { start: t0 + 4 * HOUR, end: null, status: 1, reason: null },
    ];
    expect(await timeline(inOrder, t0 - HOUR, Date.now())).toEqual(expected);
    expect(await timeline(shuffled, t0 - HOUR, Date.now())).toEqual(expected);
    const device = await data(get<{ status: number; since: number }>(admin, `${P.device}?deviceId=${shuffled}`));
    expect(device).toMatchObject({ status: 1, since: t0 + 4 * HOUR });
  });

  it('refuses a batch with bad events, one message each, and stores nothing of it', async () => {
    await makeDevice('T-BOARD-ONLY', 1002);
    const before = await counts();
    const now = Date.now();
    const answer = await postEvents(key, [
      { deviceNo: 'YS-01', status: 3, at: now - 1000 },
      { deviceNo: 'NO-SUCH', status: 3, at: now },
      { deviceNo: 'YS-01', status: 7, at: now },
      { deviceNo: 'YS-01', status: 3, at: now + 2 * HOUR },
      { deviceNo: 'T-BOARD-ONLY', status: 3, at: now },
      { deviceNo: 'YS-01', status: 3, at: 'yesterday' },
      { deviceNo: 'YS-01', status: 3, at: now, counter: -1 },
      { deviceNo: ' ', status: 3, at: now },
    ]);
    expect(answer.resultCode).toBe(4000);
    const parts = answer.resultMsg!.replace(/^事件未保存：/, '').split('；');
    expect(parts.map((part) => part.replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/, 'TIME'))).toEqual([
      '第2条：设备 NO-SUCH 不存在',
      '第3条：设备状态 7 无效，应为 1–6',
      '第4条：事件时间 TIME 晚于服务器时间超过 300 秒',
      '第5条：设备 T-BOARD-ONLY 不存在',
      '第6条：事件时间无效',
      '第7条：计数必须是不小于 0 的数',
      '第8条：设备编号不能为空',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses an event id reused with other content, and a batch over 1000', async () => {
    await makeDevice('T-REUSE');
    const at = Date.now() - HOUR;
    await data(postEvents(key, [{ deviceNo: 'T-REUSE', status: 3, at, eventId: 'x-1' }]));
    expect(await postEvents(key, [{ deviceNo: 'T-REUSE', status: 5, at, eventId: 'x-1' }])).toEqual({ resultCode: 4000, resultMsg: '事件未保存：第1条：事件编号 x-1 已存在且内容不同' });
    const many = Array.from({ length: 1001 }, (_, index) => ({ deviceNo: 'T-REUSE', status: 3, at: at + index }));
    expect((await postEvents(key, many)).resultCode).toBe(4000);
    const thousand = many.slice(0, 1000);
    // The first is no resend of x-1: without an eventId an event is identified by its content.
    expect(await data(postEvents(key, thousand))).toEqual({ accepted: 1000, duplicates: 0 });
    expect(await data(postEvents(key, thousand))).toEqual({ accepted: 0, duplicates: 1000 });
  });
});

describe('downtime and figures', () => {
  let deviceId: number;
  let t0: number;
  const period = () => `from=${t0}&to=${t0 + 6 * HOUR}`;

  it('computes run time, downtime by reason, availability, MTBF and MTTR of a device from its events', async () => {
    deviceId = await makeDevice('T-FIG');
    t0 = Math.floor((Date.now() - 8 * HOUR) / 1000) * 1000;
    await data(
      postEvents(key, [
        { deviceNo: 'T-FIG', status: 3, at: t0 },
        { deviceNo: 'T-FIG', status: 5, at: t0 + 2 * HOUR, reason: '电机过热' },
        { deviceNo: 'T-FIG', status: 3, at: t0 + 3 * HOUR },
        { deviceNo: 'T-FIG', status: 4, at: t0 + 4 * HOUR, reason: '待料' },
        { deviceNo: 'T-FIG', status: 3, at: t0 + 5 * HOUR },
        { deviceNo: 'T-FIG', status: 3, at: t0 + 6 * HOUR },
      ]),
    );
    const figures = await data(get<DeviceFigures>(admin, `${P.figures}?deviceId=${deviceId}&${period()}`));
    expect(figures).toEqual({
      devices: 1,
      plannedHours: 6,
      runHours: 4,
      downtimeHours: 2,
      faultHours: 1,
      standbyHours: 1,
      downtimeByReason: [
        { reason: '待料', hours: 1, count: 1, cumulativeShare: 0.5 },
        { reason: '电机过热', hours: 1, count: 1, cumulativeShare: 1 },
      ],
      availability: 4 / 6,
      failures: 1,
      mtbfHours: 4,
      mttrHours: 1,
    });
    // 示例纸板厂 reads nothing of 示例纸箱厂's device.
    for (const url of [`${P.figures}?deviceId=${deviceId}&${period()}`, `${P.timeline}?deviceId=${deviceId}&${period()}`, `${P.downtimeList}?deviceId=${deviceId}&${period()}`, `${P.device}?deviceId=${deviceId}`]) {
      expect(await get(boardAdmin, url), url).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
    }
    expect((await data(get<Overview>(boardAdmin, P.overview))).devices.some((device) => device.id === deviceId)).toBe(false);
    expect((await get(planner, `${P.figures}?deviceId=${deviceId}&${period()}`)).resultCode).toBe(4003);
    expect(await get(admin, `${P.figures}?deviceId=${deviceId}&from=${t0}&to=${t0}`)).toEqual({ resultCode: 4000, resultMsg: '结束时间必须晚于开始时间' });
    // The workshop's figures count every device of the workshop.
    const workshop = await t.db.selectFrom('device').select('workshop_id').where('id', '=', deviceId).executeTakeFirstOrThrow();
    const shop = await data(get<DeviceFigures>(admin, `${P.figures}?workshopId=${workshop.workshop_id}&${period()}`));
    expect(shop.devices).toBeGreaterThan(1);
    expect(shop.runHours).toBeGreaterThanOrEqual(4);
  });

  it('lists fault and standby as downtime; a person corrects a reason and splits a record, logged', async () => {
    const list = () => data(get<PageResult<Downtime>>(admin, `${P.downtimeList}?deviceId=${deviceId}&${period()}&limit=50`));
    expect((await list()).list.map((row) => [row.start - t0, row.status, row.reason, row.reasonEdited])).toEqual([
      [4 * HOUR, 4, '待料', false],
      [2 * HOUR, 5, '电机过热', false],
    ]);
    const reasons = await data(get<string[]>(admin, P.downtimeReasons));
    expect(reasons).toContain('气压不足');
    expect(await post(admin, P.downtimeReason, { deviceId, start: t0 + 2 * HOUR, reason: '不在字典里' })).toEqual({ resultCode: 4000, resultMsg: '停机原因不在停机原因字典中' });
    expect(await post(admin, P.downtimeReason, { deviceId, start: t0 + 2 * HOUR + 1, reason: '气压不足' })).toEqual({ resultCode: 4004, resultMsg: '停机记录不存在' });
    expect(await post(boardAdmin, P.downtimeReason, { deviceId, start: t0 + 2 * HOUR, reason: '气压不足' })).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
    expect(await post(boardAdmin, P.downtimeSplit, { deviceId, start: t0 + 4 * HOUR, at: t0 + 4 * HOUR + 15 * MINUTE })).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
    expect((await post(planner, P.downtimeReason, { deviceId, start: t0 + 2 * HOUR, reason: '气压不足' })).resultCode).toBe(4003);
    await data(post(admin, P.downtimeReason, { deviceId, start: t0 + 2 * HOUR, reason: '气压不足' }));
    expect(await logCount('设置停机原因：T-FIG')).toBe(1);

    expect(await post(admin, P.downtimeSplit, { deviceId, start: t0 + 4 * HOUR, at: t0 + 5 * HOUR })).toEqual({ resultCode: 4000, resultMsg: '拆分时间必须在该停机记录的开始和结束之间' });
    await data(post(admin, P.downtimeSplit, { deviceId, start: t0 + 4 * HOUR, at: t0 + 4 * HOUR + 15 * MINUTE }));
    expect(await logCount('拆分停机记录：T-FIG')).toBe(1);
    await data(post(admin, P.downtimeReason, { deviceId, start: t0 + 4 * HOUR + 15 * MINUTE, reason: '换单调机' }));
    expect((await list()).list.map((row) => [row.start - t0, row.status, row.reason, row.reasonEdited, row.hours])).toEqual([
      [4 * HOUR + 15 * MINUTE, 4, '换单调机', true, 0.75],
      [4 * HOUR, 4, '待料', false, 0.25],
      [2 * HOUR, 5, '气压不足', true, 1],
    ]);
    const figures = await data(get<DeviceFigures>(admin, `${P.figures}?deviceId=${deviceId}&${period()}`));
    expect(figures.downtimeByReason.map((row) => [row.reason, row.hours, row.count])).toEqual([
      ['气压不足', 1, 1],
      ['换单调机', 0.75, 1],
      ['待料', 0.25, 1],
    ]);
    // A split is no second failure.
    expect(figures.failures).toBe(1);
  });

  it('lets a user with the page and detail codes read everything, and edit no downtime (4003, nothing changed)', async () => {
    const reads = [P.overview, `${P.device}?deviceId=${deviceId}`, `${P.timeline}?deviceId=${deviceId}&${period()}`, `${P.figures}?deviceId=${deviceId}&${period()}`, `${P.downtimeList}?deviceId=${deviceId}&${period()}`, P.downtimeReasons];
    for (const url of reads) expect((await get(viewer, url)).resultCode, url).toBe(1000);
    const downtime = await data(get<PageResult<Downtime>>(admin, `${P.downtimeList}?deviceId=${deviceId}&${period()}&limit=50`));
    const [first] = downtime.list;
    expect((await post(viewer, P.downtimeReason, { deviceId, start: first!.start, reason: '待料' })).resultCode).toBe(4003);
    expect((await post(viewer, P.downtimeSplit, { deviceId, start: first!.start, at: first!.start + MINUTE })).resultCode).toBe(4003);
    // Pages whose codes the role lacks stay closed too.
    for (const url of [P.board, P.calendar]) expect((await get(viewer, url)).resultCode, url).toBe(4003);
    expect(await data(get<PageResult<Downtime>>(admin, `${P.downtimeList}?deviceId=${deviceId}&${period()}&limit=50`))).toEqual(downtime);
  });
});

/** A server-sent event stream of `base` read with fetch: `next()` is its next event. */
async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}${P.stream}`, { headers: bearer(token), signal: controller.signal });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const queue: Array<{ event: string; data: unknown }> = [];
  const feed = eventStreamParser((event) => queue.push({ event: event.event, data: JSON.parse(event.data) }));
  const next = async (): Promise<{ event: string; data: unknown }> => {
    while (queue.length === 0) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      feed(decoder.decode(value, { stream: true }));
    }
    return queue.shift()!;
  };
  return { next, close: () => controller.abort() };
}

describe('live stream', () => {
  let listening: string | undefined;
  /** The test app listening on a port of its own (once). */
  const serverAddress = async () => (listening ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

  it('sends the factory snapshot on connect, then each status change of the factory only', async () => {
    const address = await serverAddress();
    const open = (token: string) => openStream(address, token);
    const carton = await open(admin);
    const board = await open(boardAdmin);
    const snapshot = (await carton.next()) as { event: string; data: Overview };
    expect(snapshot.event).toBe('snapshot');
    const ys01 = snapshot.data.devices.find((device) => device.deviceNo === 'YS-01')!;
    expect(ys01.workshopName).not.toBe('');
    expect((await board.next()).event).toBe('snapshot');

    const at = Date.now();
    await data(postEvents(key, [{ deviceNo: 'YS-01', status: 5, at, reason: '卡纸' }]));
    const change = (await carton.next()) as { event: string; data: StatusChange };
    expect(change).toEqual({ event: 'status', data: { deviceId: ys01.id, status: 5, since: at, reason: '卡纸' } });
    // 示例纸板厂 hears nothing of it: its next message is its own device's change.
    const boardKey = await data(post<IssuedMachineKey>(boardAdmin, ShopFloorPaths.workMachineKeyIssue, { id: (await data(get<PageResult<WorkMachine>>(boardAdmin, `${ShopFloorPaths.workMachineList}?machineCode=YTJ-01`))).list[0]!.id }));
    await data(postEvents(boardKey.key, [{ deviceNo: 'YS-02', status: 4, at, reason: '待料' }]));
    const boardChange = (await board.next()) as { event: string; data: StatusChange };
    expect(boardChange.data).toMatchObject({ status: 4, reason: '待料' });
    expect(boardChange.data.deviceId).not.toBe(ys01.id);
    carton.close();
    board.close();
  });

  it('opens to 设备详情 alone too (its live header), and to nobody without either page code', async () => {
    const detailOnly = await loginWithRole(t, 'staff15', '设备详情查看', [A.group, A.detail]);
    const stream = await openStream(await serverAddress(), detailOnly);
    expect((await stream.next()).event).toBe('snapshot');
    stream.close();
    // staff16 holds 设备看板 only (no 设备总览, no 设备详情).
    const kanbanOnly = await loginWithRole(t, 'staff16', '看板查看', [A.kanban]);
    const refused = await t.app.inject({ method: 'GET', url: P.stream, headers: bearer(kanbanOnly) });
    expect(refused.json()).toMatchObject({ resultCode: 4003 });
    expect((await get(detailOnly, P.overview)).resultCode).toBe(4003);
  });

  it('the big-screen stream sends each factory its own devices only', async () => {
    const address = await serverAddress();
    const snapshotOf = async (token: string) => {
      const response = await fetch(`${address}${P.boardStream}`, { headers: bearer(token) });
      let snapshot: Overview | undefined;
      const feed = eventStreamParser((event) => {
        if (event.event === 'snapshot') snapshot ??= JSON.parse(event.data) as Overview;
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      while (!snapshot) feed(decoder.decode((await reader.read()).value, { stream: true }));
      await reader.cancel();
      return snapshot;
    };
    const ids = async (orgId: number) => (await t.db.selectFrom('device').select('id').where('org_id', '=', orgId).execute()).map((row) => row.id).sort((a, b) => a - b);
    for (const [token, orgId] of [[admin, 1001], [boardAdmin, 1002]] as const) {
      const snapshot = await snapshotOf(token);
      expect(snapshot.devices.map((device) => device.id).sort((a, b) => a - b), String(orgId)).toEqual(await ids(orgId));
    }
  });
});

describe('several server processes on one PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('a change posted to one process reaches the streams of another (LISTEN/NOTIFY)', async () => {
    const db = openDatabase({ kind: 'postgres', connectionString: t.databaseUrl! });
    const other = await buildApp({ db, config: { accessTokenTtl: 3600, refreshTokenTtl: 3600, staticDir: '/nonexistent', deviceOfflineMinutes: 600 }, filesDir: t.filesDir, pubsub: databasePubSub(db, t.databaseUrl) });
    try {
      const address = await other.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(address, admin);
      const snapshot = (await stream.next()) as { event: string; data: Overview };
      const device = snapshot.data.devices.find((candidate) => candidate.deviceNo === 'HX-01')!;
      const at = Date.now();
      // Posted to the test's own app (the first process), heard by the second.
      await data(postEvents(key, [{ deviceNo: 'HX-01', status: 5, at, reason: '胶辊磨损' }]));
      expect(await stream.next()).toEqual({ event: 'status', data: { deviceId: device.id, status: 5, since: at, reason: '胶辊磨损' } });
      stream.close();
    } finally {
      await other.close();
      await db.destroy();
    }
  });
});

describe('offline rule', () => {
  it('turns a device silent for longer than the limit 6 不在线 from its last event + the limit', async () => {
    const deviceId = await makeDevice('T-SILENT');
    const last = Date.now() - 30 * MINUTE;
    await data(postEvents(key, [{ deviceNo: 'T-SILENT', status: 3, at: last }]));
    const store = new TimelineStore(t.db, { offlineAfterMs: 10 * MINUTE, futureToleranceMs: 0 });
    const changes = await store.sweepOffline(Date.now());
    expect(changes.find((entry) => entry.change.deviceId === deviceId)).toEqual({ enterpriseId: 8888, orgId: 1001, change: { deviceId, status: 6, since: last + 10 * MINUTE, reason: '超时未上报' } });
    // Swept once: a second run has nothing to do for it.
    expect((await store.sweepOffline(Date.now())).some((entry) => entry.change.deviceId === deviceId)).toBe(false);
    expect(await timeline(deviceId, last - HOUR, Date.now())).toEqual([
      { start: last, end: last + 10 * MINUTE, status: 3, reason: null },
      { start: last + 10 * MINUTE, end: null, status: 6, reason: '超时未上报' },
    ]);
  });
});
