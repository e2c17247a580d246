import { beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import { DeviceRepairPaths as P, type CreateRepairRequest, type MyRepairs, type Repair, type RepairDetail, type RepairWebhook, type SparePartStock } from '@core/contracts/device-repair';
import { DeviceRepairAuthorities as A } from '@core/access/authorities/device-repair';
import { DeviceStatusPaths as S, type Downtime } from '@core/contracts/device-status';
import { REPAIR_STATE, REPAIR_TRANSITIONS, type RepairActionType, type RepairState } from '../../domain/device-status/repair';
import { formatDateTime } from '../../lib/datetime';
import { loginAs, loginWithRole, operationLogCount, type TestApp, useTwoFactoryApp } from '../../test-support';
import type { AlertSender } from './alert-sender';

let t: TestApp;
let admin: string;
let boardAdmin: string;
let planner: string;
/** staff04: 维修主管, every repair code (accepts what admin repaired) */
let lead: string;
/** staff05: may add and start orders, nothing else */
let fitter: string;
let adminId: number;
let leadId: number;
let device: { id: number; deviceNo: string };
let part: SparePartStock;

const sent: Array<{ url: string; message: string }> = [];
const recordingSender: AlertSender = {
  async send(url, message) {
    sent.push({ url, message });
  },
};

const { get, post, data } = useTwoFactoryApp(
  async (env) => {
    ({ t, admin, boardAdmin } = env);
    planner = await loginAs(t.app, 'planner', 'planner123');
    const users = await t.db.selectFrom('app_user').select(['id', 'username']).where('username', 'in', ['admin', 'staff04', 'staff05']).execute();
    const idOf = (username: string) => users.find((user) => user.username === username)!.id;
    adminId = idOf('admin');
    leadId = idOf('staff04');
    lead = await loginWithRole(t, 'staff04', '维修主管', ['MENU_DEVICE', 'MENU_DEVICE_REPAIR', ...Object.values(A).filter((code) => code.startsWith('ACTION_'))]);
    fitter = await loginWithRole(t, 'staff05', '维修工', ['MENU_DEVICE', 'MENU_DEVICE_REPAIR', A.add, A.start]);
  },
  { alertSender: recordingSender },
);

beforeAll(async () => {
  // A device of 示例纸箱厂 with a spare part in stock (the seed gives several).
  const devices = (await data(get<PageResult<{ id: number; deviceNo: string }>>(admin, '/dps-server/device/list?limit=100'))).list;
  for (const candidate of devices) {
    const parts = await data(get<SparePartStock[]>(admin, `${P.spareParts}?deviceId=${candidate.id}`));
    const roomy = parts.find((item) => item.quantity >= 3);
    if (roomy) {
      device = candidate;
      part = roomy;
      break;
    }
  }
  expect(part).toBeDefined();
});

const now = () => formatDateTime(new Date());
const order = (overrides: Partial<CreateRepairRequest> = {}): CreateRepairRequest => ({
  deviceId: device.id,
  faultTime: now(),
  faultDescription: '主电机异响',
  reporterId: adminId,
  repairerIds: [leadId],
  ...overrides,
});
const detail = (id: number, token = admin) => data(get<RepairDetail>(token, P.detail(id)));
const stockOf = async (sparePartId = part.id) =>
  (await data(get<SparePartStock[]>(admin, `${P.spareParts}?deviceId=${device.id}`))).find((item) => item.id === sparePartId)!.quantity;
const create = async (request: CreateRepairRequest = order(), token = admin) => (await data(post<{ id: number }>(token, P.create, request))).id;
const act = (action: RepairActionType, id: number, token = admin, remark?: string) => post(token, P[action], { id, remark });

/** An order brought to `state` through the API (repaired by staff04, so admin may accept or reject it). */
async function orderIn(state: RepairState): Promise<number> {
  const id = await create();
  const path: RepairActionType[] = { 1: [], 2: ['start'], 4: ['start', 'submit'], 3: ['start', 'submit', 'accept'] }[state] as RepairActionType[];
  for (const action of path) await data(act(action, id));
  expect((await detail(id)).status).toBe(state);
  return id;
}

describe('seeded repairs', () => {
  it('gives both factories orders in every state, with parts used and their history', async () => {
    for (const token of [admin, boardAdmin]) {
      const { list } = await data(get<PageResult<Repair>>(token, `${P.list}?limit=100`));
      expect(new Set(list.map((row) => row.status))).toEqual(new Set([1, 2, 3, 4]));
      expect(list.filter((row) => row.partCount > 0).length).toBeGreaterThanOrEqual(3);
      const finished = await data(get<RepairDetail>(token, P.detail(list.find((row) => row.status === 3 && row.partCount > 0)!.id)));
      expect(finished.history.map((entry) => entry.action)).toContain('验收通过');
      expect(finished.acceptorName).not.toBe('');
      expect(finished.repairerNames).not.toContain(finished.acceptorName);
      expect(finished.parts[0]!.stock).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('state machine through the API', () => {
  it('goes 待处理 → 处理中 → 待验收 → (驳回) 处理中 → 待验收 → 已完成, with who, when and what in the history', async () => {
    const id = await create();
    const created = await detail(id);
    expect(created.repairNo).toMatch(/^WX\d{8}\d{3}$/);
    expect(created).toMatchObject({ status: 1, reporterName: '系统管理员', deviceId: device.id });
    await data(act('start', id));
    await data(act('submit', id, lead));
    expect((await act('reject', id)).resultMsg).toBe('请填写驳回原因');
    await data(act('reject', id, admin, '仍有异响'));
    expect((await detail(id)).status).toBe(REPAIR_STATE.processing);
    await data(act('submit', id, lead));
    await data(act('accept', id));
    const finished = await detail(id);
    expect(finished).toMatchObject({ status: 3, acceptorName: '系统管理员' });
    expect(finished.finishTime).not.toBeNull();
    expect(finished.history.map((entry) => [entry.action, entry.fromStatus, entry.toStatus])).toEqual([
      ['新建', null, 1],
      ['开始维修', 1, 2],
      ['提交验收', 2, 4],
      ['验收驳回', 4, 2],
      ['提交验收', 2, 4],
      ['验收通过', 4, 3],
    ]);
    expect(finished.history[3]).toMatchObject({ operatorName: '系统管理员', remark: '仍有异响' });
    expect(finished.history.every((entry) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(entry.time))).toBe(true);
    expect(await operationLogCount(t.db, `验收通过：${finished.repairNo}`)).toBe(1);
  });

  const states: RepairState[] = [REPAIR_STATE.pending, REPAIR_STATE.processing, REPAIR_STATE.pendingAcceptance, REPAIR_STATE.finished];
  const actions: RepairActionType[] = ['start', 'submit', 'accept', 'reject'];
  const illegal = states.flatMap((state) => actions.filter((action) => !REPAIR_TRANSITIONS.some((move) => move.from === state && move.action === action)).map((action) => ({ state, action })));

  it.each(illegal)('refuses $action from state $state with 4009 and changes nothing', async ({ state, action }) => {
    const id = await orderIn(state);
    const before = await detail(id);
    const refused = await act(action, id, admin, '理由');
    expect(refused.resultCode).toBe(4009);
    expect(refused.resultMsg).toMatch(/^维修单状态为「.+」，不能.+$/);
    expect(await detail(id)).toEqual(before);
  });

  it('refuses acceptance or rejection by a repairer of the order (4009), and lets another person accept', async () => {
    const id = await create(order({ repairerIds: [adminId] }));
    await data(act('start', id));
    await data(act('submit', id));
    const before = await detail(id);
    for (const action of ['accept', 'reject'] as const) {
      const refused = await act(action, id, admin, '自己验收');
      expect(refused).toMatchObject({ resultCode: 4009, resultMsg: '验收人不能是维修人' });
    }
    expect(await detail(id)).toEqual(before);
    await data(act('accept', id, lead));
    expect(await detail(id)).toMatchObject({ status: 3, acceptorName: (await detail(id)).history.at(-1)!.operatorName });
  });

  it('refuses to start an order without a repairer', async () => {
    const id = await create(order({ repairerIds: [] }));
    expect(await act('start', id)).toMatchObject({ resultCode: 4000, resultMsg: '请先指定维修人再开始维修' });
    expect((await detail(id)).status).toBe(1);
  });
});

describe('spare parts and stock', () => {
  it('takes parts from stock in the same write, returns them when the order changes or is deleted', async () => {
    const stock = await stockOf();
    const id = await create(order({ parts: [{ sparePartId: part.id, quantity: 2 }] }));
    expect(await stockOf()).toBe(stock - 2);
    const created = await detail(id);
    expect(created.parts).toEqual([expect.objectContaining({ sparePartId: part.id, partName: part.partName, quantity: 2, stock: stock - 2 })]);
    expect(created.partCount).toBe(1);

    const { people: _people, history: _history, parts: _parts, ...rest } = created;
    await data(post(admin, P.update, { ...rest, parts: [{ sparePartId: part.id, quantity: 1 }] }));
    expect(await stockOf()).toBe(stock - 1);
    await data(post(admin, P.deleteBatch, { ids: [id] }));
    expect(await stockOf()).toBe(stock);
  });

  it('refuses a part beyond its stock with a clear message, and nothing changes (no order, no stock taken)', async () => {
    const stock = await stockOf();
    const total = (await data(get<PageResult<Repair>>(admin, `${P.list}?limit=20`))).total;
    const refused = await post(admin, P.create, order({ parts: [{ sparePartId: part.id, quantity: stock + 1 }] }));
    expect(refused).toMatchObject({ resultCode: 4009, resultMsg: `备件「${part.partName}」库存不足：当前库存${stock}${part.unit}，本次需领用${stock + 1}${part.unit}` });
    expect(await stockOf()).toBe(stock);
    expect((await data(get<PageResult<Repair>>(admin, `${P.list}?limit=20`))).total).toBe(total);

    // An edit asking for more than is left changes neither the order nor the stock.
    const id = await create(order({ parts: [{ sparePartId: part.id, quantity: 1 }], faultDescription: '改之前' }));
    const before = await detail(id);
    const { people: _people, history: _history, parts: _parts, downtimeLink: _link, ...rest } = before;
    const edit = await post(admin, P.update, { ...rest, faultDescription: '改之后', parts: [{ sparePartId: part.id, quantity: stock + 1 }] });
    expect(edit.resultCode).toBe(4009);
    expect(await detail(id)).toEqual(before);
    expect(await stockOf()).toBe(stock - 1);
  });

  it('takes the whole stock down to zero, never below', async () => {
    const stock = await stockOf();
    const id = await create(order({ parts: [{ sparePartId: part.id, quantity: stock }] }));
    expect(await stockOf()).toBe(0);
    expect((await post(admin, P.create, order({ parts: [{ sparePartId: part.id, quantity: 1 }] }))).resultCode).toBe(4009);
    expect(await stockOf()).toBe(0);
    await data(post(admin, P.deleteBatch, { ids: [id] }));
    expect(await stockOf()).toBe(stock);
  });

  it('gives orders created at once their own numbers, and no more parts than the stock holds', async () => {
    const stock = await stockOf();
    const answers = await Promise.all(Array.from({ length: 4 }, () => post<{ id: number }>(admin, P.create, order({ parts: [{ sparePartId: part.id, quantity: stock }] }))));
    const created = answers.filter((answer) => answer.resultCode === 1000).map((answer) => answer.resultData!.id);
    expect(created).toHaveLength(1);
    expect(answers.filter((answer) => answer.resultCode === 4009).every((answer) => answer.resultMsg!.startsWith(`备件「${part.partName}」库存不足`))).toBe(true);
    expect(await stockOf()).toBe(0);
    await data(post(admin, P.deleteBatch, { ids: created }));

    const ids = await Promise.all(Array.from({ length: 4 }, () => create()));
    const numbers = await Promise.all(ids.map(async (id) => (await detail(id)).repairNo));
    expect(new Set(numbers).size).toBe(4);
    expect(await stockOf()).toBe(stock);
  });

  it('gives the first device its parts back when an order moves to another device', async () => {
    const stock = await stockOf();
    const id = await create(order({ parts: [{ sparePartId: part.id, quantity: 1 }] }));
    expect(await stockOf()).toBe(stock - 1);
    const other = await t.db.selectFrom('device').select('id').where('org_id', '=', 1001).where('id', '!=', device.id).executeTakeFirstOrThrow();
    const { people: _people, history: _history, parts: _parts, ...rest } = await detail(id);
    await data(post(admin, P.update, { ...rest, deviceId: other.id, parts: [] }));
    expect(await stockOf()).toBe(stock);
    expect(await detail(id)).toMatchObject({ deviceId: other.id, partCount: 0 });
  });

  it('refuses a part of another device and a repeated part', async () => {
    const other = await t.db.selectFrom('device_spare_part').select('id').where('device_id', '!=', device.id).executeTakeFirstOrThrow();
    expect(await post(admin, P.create, order({ parts: [{ sparePartId: other.id, quantity: 1 }] }))).toMatchObject({ resultCode: 4004, resultMsg: '备件不存在或不属于该设备' });
    expect(
      await post(admin, P.create, order({ parts: [{ sparePartId: part.id, quantity: 1 }, { sparePartId: part.id, quantity: 1 }] })),
    ).toMatchObject({ resultCode: 4000, resultMsg: `备件「${part.partName}」重复，请合并为一行` });
  });

  it('keeps orders under acceptance or finished as they are: no edit, no delete', async () => {
    const waiting = await orderIn(REPAIR_STATE.pendingAcceptance);
    const { people: _people, history: _history, parts: _parts, ...rest } = await detail(waiting);
    expect(await post(admin, P.update, { ...rest, faultDescription: '改' })).toMatchObject({ resultCode: 4009, resultMsg: '维修单状态为「待验收」，不能编辑' });
    expect(await post(admin, P.deleteBatch, { ids: [waiting] })).toMatchObject({ resultCode: 4009, resultMsg: '维修单状态为「待验收」，不能删除' });
  });
});

describe('validation', () => {
  it('names what is wrong and stores nothing', async () => {
    const total = (await data(get<PageResult<Repair>>(admin, `${P.list}?limit=20`))).total;
    const qc = await t.db.selectFrom('app_user').select('id').where('username', '=', 'qc').executeTakeFirstOrThrow();
    const refusals: Array<[Partial<CreateRepairRequest>, number, string]> = [
      [{ photos: ['/files/8888/2026-01/nope.png'] }, 4004, '故障照片不存在，请重新上传'],
      [{ downtimeStart: '2026-01-02 08:00:00' }, 4000, '停机开始和停机结束需同时填写'],
      [{ downtimeStart: '2026-01-02 08:00:00', downtimeEnd: '2026-01-02 07:00:00' }, 4000, '停机结束不能早于停机开始'],
      [{ repairerIds: [999_999] }, 4004, '维修人不是本工厂人员'],
      [{ faultTime: '2026-02-30 08:00:00' }, 4000, '故障时间'],
    ];
    for (const [overrides, code, message] of refusals) {
      const refused = await post(admin, P.create, order(overrides));
      expect(refused.resultCode, JSON.stringify(refused)).toBe(code);
      expect(refused.resultMsg).toContain(message);
    }
    // qc works in 示例纸箱厂 only: not a reporter for 示例纸板厂.
    const boardDevice = await t.db.selectFrom('device').select('id').where('org_id', '=', 1002).executeTakeFirstOrThrow();
    expect(await post(boardAdmin, P.create, order({ deviceId: boardDevice.id, reporterId: qc.id, repairerIds: [] }))).toMatchObject({ resultCode: 4004, resultMsg: '报修人不是本工厂人员' });
    expect((await data(get<PageResult<Repair>>(admin, `${P.list}?limit=20`))).total).toBe(total);
  });
});

describe('fault alerts go only to configured robots', () => {
  let robots: RepairWebhook[];
  beforeAll(async () => {
    robots = (await data(get<PageResult<RepairWebhook>>(admin, `${P.webhookList}?limit=20`))).list;
  });

  it('sends through the proxy to an enabled robot of the factory', async () => {
    sent.length = 0;
    const robot = robots.find((item) => item.enabled)!;
    await data(post(admin, P.dingtalkProxy, { url: robot.url, message: '测试告警' }));
    expect(sent).toEqual([{ url: robot.url, message: '测试告警' }]);
  });

  it('refuses any other address (unknown, disabled, another factory’s) and sends nothing', async () => {
    sent.length = 0;
    const disabled = robots.find((item) => !item.enabled)!;
    const boardRobot = (await data(get<PageResult<RepairWebhook>>(boardAdmin, `${P.webhookList}?limit=20`))).list.find((item) => item.enabled)!;
    for (const url of ['http://169.254.169.254/latest/meta-data', 'https://evil.example.com/hook', disabled.url, boardRobot.url]) {
      expect(await post(admin, P.dingtalkProxy, { url, message: '测试' })).toMatchObject({ resultCode: 4000, resultMsg: '该机器人地址未配置为本工厂的告警群（或已停用），不能发送' });
    }
    expect(sent).toEqual([]);
  });

  it('alerts every enabled robot of the factory when an order is created with 发送故障告警', async () => {
    sent.length = 0;
    const id = await create(order({ notify: true, faultDescription: '横切刀切断不齐' }));
    const created = await detail(id);
    expect(sent).toEqual(robots.filter((item) => item.enabled).map((item) => ({ url: item.url, message: expect.stringContaining(`维修单 ${created.repairNo}`) })));
    expect(sent[0]!.message).toContain('横切刀切断不齐');
    sent.length = 0;
    await create(order());
    expect(sent).toEqual([]);
  });

  it('configures robots per factory: https only, one address once', async () => {
    const { id } = await data(post<{ id: number }>(admin, P.webhookCreate, { name: '夜班群', url: 'https://oapi.dingtalk.com/robot/send?access_token=night', enabled: true }));
    expect(await post(admin, P.webhookCreate, { name: '重复', url: 'https://oapi.dingtalk.com/robot/send?access_token=night', enabled: true })).toMatchObject({ resultCode: 4009, resultMsg: '该机器人地址已配置' });
    expect((await post(admin, P.webhookCreate, { name: '明文', url: 'http://10.0.0.1/hook', enabled: true })).resultCode).toBe(4000);
    await data(post(admin, P.dingtalkProxy, { url: 'https://oapi.dingtalk.com/robot/send?access_token=night', message: '夜班' }));
    await data(post(admin, P.webhookDeleteBatch, { ids: [id] }));
    expect((await post(admin, P.dingtalkProxy, { url: 'https://oapi.dingtalk.com/robot/send?access_token=night', message: '夜班' })).resultCode).toBe(4000);
  });
});

describe('factories and authorities', () => {
  it('answers 4004 for another factory’s order on every path, and changes nothing', async () => {
    const id = await orderIn(REPAIR_STATE.pending);
    const before = await detail(id);
    expect((await get(boardAdmin, P.detail(id))).resultCode).toBe(4004);
    for (const action of ['start', 'submit', 'accept', 'reject'] as const) expect((await act(action, id, boardAdmin, '理由')).resultCode).toBe(4004);
    const { people: _people, history: _history, parts: _parts, ...rest } = before;
    expect((await post(boardAdmin, P.update, rest)).resultCode).toBe(4004);
    expect((await post(boardAdmin, P.deleteBatch, { ids: [id] })).resultCode).toBe(4004);
    expect((await post(boardAdmin, P.create, order())).resultMsg).toBe('设备不存在');
    expect((await get(boardAdmin, `${P.spareParts}?deviceId=${device.id}`)).resultCode).toBe(4004);
    expect(await detail(id)).toEqual(before);
  });

  it('checks each action’s code on the server (4003)', async () => {
    expect((await get(planner, P.list)).resultCode).toBe(4003);
    expect((await post(planner, P.dingtalkProxy, { url: 'https://x.example.com', message: 'x' })).resultCode).toBe(4003);
    // staff05 may add and start, nothing else.
    const id = await create(order(), fitter);
    await data(act('start', id, fitter));
    const before = await detail(id);
    const { people: _people, history: _history, parts: _parts, ...rest } = before;
    expect((await post(fitter, P.update, rest)).resultCode).toBe(4003);
    expect((await post(fitter, P.deleteBatch, { ids: [id] })).resultCode).toBe(4003);
    for (const action of ['submit', 'accept', 'reject'] as const) expect((await act(action, id, fitter, '理由')).resultCode).toBe(4003);
    expect((await get(fitter, `${P.webhookList}?limit=20`)).resultCode).toBe(4003);
    expect((await post(fitter, P.dingtalkProxy, { url: 'https://x.example.com', message: 'x' })).resultCode).toBe(4003);
    expect(await detail(id)).toEqual(before);
    // staff04 holds every repair code.
    await data(act('submit', id, lead));
  });

  it('exports the filtered orders as xlsx', async () => {
    const response = await t.app.inject({ method: 'POST', url: P.export, headers: { authorization: `bearer ${admin}`, X_ENTERPRISE_ID: '8888' }, payload: { status: '3' } });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const refused = await t.app.inject({ method: 'POST', url: P.export, headers: { authorization: `bearer ${fitter}`, X_ENTERPRISE_ID: '8888' }, payload: {} });
    expect(refused.json()).toMatchObject({ resultCode: 4003 });
  });

  it('lists with filters: number, device, states and fault time', async () => {
    const id = await create(order({ faultTime: '2020-01-02 08:00:00' }));
    const created = await detail(id);
    const list = (query: string) => data(get<PageResult<Repair>>(admin, `${P.list}?limit=100&${query}`));
    expect((await list(`repairNo=${created.repairNo}`)).list.map((row) => row.id)).toEqual([id]);
    expect((await list('faultTimeStart=2020-01-01&faultTimeEnd=2020-01-03')).list.map((row) => row.id)).toEqual([id]);
    expect((await list('status=2,4')).list.every((row) => [2, 4].includes(row.status))).toBe(true);
    const byDevice = await list(`deviceName=${encodeURIComponent(created.deviceName)}`);
    expect(byDevice.list.length).toBeGreaterThan(0);
    expect(byDevice.list.every((row) => row.deviceName === created.deviceName)).toBe(true);
    // The device number finds the same orders.
    expect((await list(`deviceName=${encodeURIComponent(created.deviceNo)}`)).list.map((row) => row.id)).toEqual(byDevice.list.map((row) => row.id));
  });
});

describe("a device's orders and the caller's own to-dos", () => {
  const mine = (token: string) => data(get<MyRepairs>(token, P.mine));

  it('lists one device’s orders only, and none of another factory’s device', async () => {
    const id = await create();
    const { list } = await data(get<PageResult<Repair>>(admin, `${P.list}?limit=100&deviceId=${device.id}`));
    expect(list.map((row) => row.id)).toContain(id);
    expect(list.every((row) => row.deviceId === device.id)).toBe(true);
    expect((await data(get<PageResult<Repair>>(boardAdmin, `${P.list}?limit=100&deviceId=${device.id}`))).list).toEqual([]);
  });

  it('counts open orders assigned to me and orders waiting for my acceptance (not ones I repaired)', async () => {
    const [leadBefore, adminBefore] = [await mine(lead), await mine(admin)];
    const id = await create(order({ repairerIds: [leadId] }));
    expect(await mine(lead)).toEqual({ ...leadBefore, assigned: leadBefore.assigned + 1 });
    expect(await mine(admin)).toEqual(adminBefore);
    await data(act('start', id, lead));
    await data(act('submit', id, lead));
    // Waiting for acceptance: no longer the repairer's to-do, and not acceptable by the repairer.
    expect(await mine(lead)).toEqual(leadBefore);
    expect(await mine(admin)).toEqual({ ...adminBefore, toAccept: adminBefore.toAccept + 1 });
    expect(await get(planner, P.mine)).toMatchObject({ resultCode: 4003 });
  });

  it('lists with mine=1 exactly the open orders the tile 指派给我的维修单 counts', async () => {
    const id = await create(order({ repairerIds: [leadId] }));
    const others = await create(order({ repairerIds: [adminId] }));
    const listOf = async (token: string, query: string) => (await data(get<PageResult<Repair>>(token, `${P.list}?limit=1000&${query}`))).list;
    const assigned = await listOf(lead, 'mine=1&status=1,2');
    expect(assigned.map((row) => row.id)).toContain(id);
    expect(assigned.map((row) => row.id)).not.toContain(others);
    expect(assigned.length).toBe((await mine(lead)).assigned);
    // Without the flag the same states list everyone's orders.
    expect((await listOf(lead, 'status=1,2')).map((row) => row.id)).toEqual(expect.arrayContaining([id, others]));
  });
});

describe('downtime link (停机记录)', () => {
  const HOUR = 3_600_000;
  const t0 = Date.UTC(2026, 0, 5, 0, 0, 0);
  let other: { id: number };
  let boardDevice: { id: number; org_id: number; enterprise_id: number };

  /** A closed timeline segment as the timeline store writes it (4 待机, 5 故障, 1 运行). */
  const segment = (target: { id: number; enterprise_id: number; org_id: number }, start: number, end: number, status: number, reason: string | null) =>
    t.db.insertInto('device_status_segment').values({ enterprise_id: target.enterprise_id, org_id: target.org_id, device_id: target.id, start_at: start, end_at: end, status, reason }).execute();
  const downtimeList = async (deviceId: number, token = admin) =>
    (await data(get<PageResult<Downtime>>(token, `${S.downtimeList}?deviceId=${deviceId}&from=${t0}&to=${t0 + 24 * HOUR}&limit=50`))).list;

  beforeAll(async () => {
    const mine = await t.db.selectFrom('device').select(['id', 'enterprise_id', 'org_id']).where('id', '=', device.id).executeTakeFirstOrThrow();
    const others = await t.db.selectFrom('device').select(['id', 'enterprise_id', 'org_id']).where('org_id', '=', mine.org_id).where('id', '!=', device.id).orderBy('id').executeTakeFirstOrThrow();
    other = others;
    boardDevice = await t.db.selectFrom('device').select(['id', 'enterprise_id', 'org_id']).where('org_id', '!=', mine.org_id).orderBy('id').executeTakeFirstOrThrow();
    await segment(mine, t0, t0 + HOUR, 1, null);
    await segment(mine, t0 + HOUR, t0 + 3 * HOUR, 5, '电机过热');
    await segment(mine, t0 + 3 * HOUR, t0 + 4 * HOUR, 1, null);
    await segment(mine, t0 + 4 * HOUR, t0 + 5 * HOUR, 4, '待料');
    await segment(others, t0 + 6 * HOUR, t0 + 7 * HOUR, 5, '卡纸');
    await segment(boardDevice, t0 + 8 * HOUR, t0 + 9 * HOUR, 5, '断纸');
  });

  it('links a downtime record of the device: the range comes from it, the detail shows it, and a split only shortens it', async () => {
    const fault = (await downtimeList(device.id)).find((record) => record.status === 5)!;
    expect(fault).toMatchObject({ start: t0 + HOUR, end: t0 + 3 * HOUR, reason: '电机过热' });
    // The body's own range is ignored once a record is linked: the record's times are stored.
    const id = await create(order({ downtimeLinkStart: fault.start, downtimeStart: '2026-01-01 00:00:00', downtimeEnd: '2026-01-01 01:00:00' }));
    const linked = await detail(id);
    expect(linked).toMatchObject({
      downtimeLinkStart: t0 + HOUR,
      downtimeStart: formatDateTime(new Date(t0 + HOUR)),
      downtimeEnd: formatDateTime(new Date(t0 + 3 * HOUR)),
      downtimeLink: { start: t0 + HOUR, end: t0 + 3 * HOUR, status: 5, reason: '电机过热' },
    });

    // A person splits the record: the link keeps its first piece.
    await data(post(admin, S.downtimeSplit, { deviceId: device.id, start: t0 + HOUR, at: t0 + 2 * HOUR }));
    expect((await detail(id)).downtimeLink).toEqual({ start: t0 + HOUR, end: t0 + 2 * HOUR, status: 5, reason: '电机过热' });

    // Editing back to a hand-typed range drops the link.
    const { people: _p, history: _h, parts: _parts, downtimeLink: _l, ...rest } = await detail(id);
    await data(post(admin, P.update, { ...rest, downtimeLinkStart: null, downtimeStart: '2026-01-05 09:00:00', downtimeEnd: '2026-01-05 10:00:00' }));
    expect(await detail(id)).toMatchObject({ downtimeLinkStart: null, downtimeLink: null, downtimeStart: '2026-01-05 09:00:00', downtimeEnd: '2026-01-05 10:00:00' });
  });

  it("refuses another device's, another factory's or no record (4004) and changes nothing", async () => {
    const standby = (await downtimeList(device.id)).find((record) => record.status === 4)!;
    const id = await create(order({ downtimeLinkStart: standby.start }));
    const before = await detail(id);
    const total = (await data(get<PageResult<Repair>>(admin, `${P.list}?limit=20`))).total;
    const othersRecord = (await downtimeList(other.id))[0]!;
    const boardRecord = (await downtimeList(boardDevice.id, boardAdmin))[0]!;
    const refused = { resultCode: 4004, resultMsg: '停机记录不存在或不属于该设备' };
    // Another device's record, another factory's record, a running (not downtime) instant, no record at all.
    for (const start of [othersRecord.start, boardRecord.start, t0, t0 + 30 * HOUR]) {
      expect(await post(admin, P.create, order({ downtimeLinkStart: start }))).toEqual(refused);
      const { people: _p, history: _h, parts: _parts, downtimeLink: _l, ...rest } = before;
      expect(await post(admin, P.update, { ...rest, downtimeLinkStart: start })).toEqual(refused);
    }
    // The other factory's admin cannot link its own record to this factory's device either.
    expect(await post(boardAdmin, P.create, order({ downtimeLinkStart: boardRecord.start }))).toMatchObject({ resultCode: 4004 });
    expect(await detail(id)).toEqual(before);
    expect((await data(get<PageResult<Repair>>(admin, `${P.list}?limit=20`))).total).toBe(total);
    expect(before.downtimeLink).toEqual({ start: t0 + 4 * HOUR, end: t0 + 5 * HOUR, status: 4, reason: '待料' });
  });
});
