import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import { SysCfgAuthorities } from '@core/access/authorities/sys-cfg';
import { allActionCodes } from '@core/access/action-codes';
import { allRouteAuthorities } from '@core/access/route-catalog';
import type { DictView, EnterpriseConfig, ProcessDictEntry, ScheduleConfig, UserPageConfig } from '@core/contracts/sys-cfg';
import type { BoardCode, DeckleWidth, Flute, PaperGrade } from '@core/contracts/sys-cfg';
import type { BadReason, IcCard, WorkMachine } from '@core/contracts/modeling';
import { loginAs, type TestApp, useTwoFactoryApp } from '../../test-support';

let t: TestApp;
/** admin in 示例纸箱厂 (1001) */
let admin: string;
/** admin switched to 示例纸板厂 (1002) */
let boardAdmin: string;

type Page<T> = PageResult<T>;

const { get, post, data, logCount } = useTwoFactoryApp((env) => ({ t, admin, boardAdmin } = env));

async function userId(username: string): Promise<number> {
  return (await t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}
async function processId(code: string, orgId = 1001): Promise<number> {
  return (await t.db.selectFrom('process').select('id').where('code', '=', code).where('org_id', '=', orgId).executeTakeFirstOrThrow()).id;
}

describe('authorities', () => {
  it('declares every sys-cfg code once, in the menu catalogue or the action codes', () => {
    const known = new Set([...allRouteAuthorities(), ...allActionCodes()]);
    expect(Object.values(SysCfgAuthorities).filter((code) => !known.has(code))).toEqual([]);
  });

  it('refuses users without the page or action authority with 4003', async () => {
    const planner = await loginAs(t.app, 'planner', 'planner123');
    expect(await get(planner, '/dps-server/enterprise/config/find')).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    expect(await post(planner, '/dps-server/paper_grade/create', { paperCode: 'X1', paperName: 'x', grammage: 100, paperType: 'liner' })).toMatchObject({ resultCode: 4003 });
    expect(await get(planner, '/dps-server/ic_card/list')).toMatchObject({ resultCode: 4003 });
  });
});

describe('enterprise config (/base-cfg)', () => {
  it('finds the seeded config with multistageDeviceFlag and orgId, updates sections and logs the write', async () => {
    const seeded = await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'));
    expect(seeded).toMatchObject({ orgId: 1001, multistageDeviceFlag: true, orderTemplate: { orderNoPrefix: 'SO' }, maintenanceMode: { enabled: false } });
    expect(await data(get<EnterpriseConfig>(boardAdmin, '/dps-server/enterprise/config/find'))).toMatchObject({ orgId: 1002, orderTemplate: { orderNoPrefix: 'BO' } });

    const qc = await userId('qc');
    const updated = await data(
      post<EnterpriseConfig>(admin, '/dps-server/enterprise/config/update', {
        maintenanceMode: { enabled: true, maintenanceMessage: '  今晚22:00系统升级  ' },
        reportAuditConfig: { needAudit: true, auditorUserIds: [qc] },
        reportQuantityConfig: { overReportTolerancePercent: 8, defectCountsAsOutput: true },
      }),
    );
    expect(updated).toMatchObject({
      maintenanceMode: { enabled: true, maintenanceMessage: '今晚22:00系统升级' },
      reportAuditConfig: { auditorUserIds: [qc] },
      reportQuantityConfig: { overReportTolerancePercent: 8, defectCountsAsOutput: true },
      orderTemplate: seeded.orderTemplate,
    });
    expect(await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'))).toEqual(updated);
    expect(await logCount('修改企业配置：维护模式、报工审核配置、报工数量配置（维护模式开启）')).toBe(1);
    // The other factory is untouched.
    expect(await data(get<EnterpriseConfig>(boardAdmin, '/dps-server/enterprise/config/find'))).toMatchObject({ maintenanceMode: { enabled: false } });

    const audit = await data(post(admin, '/dps-server/enterprise/order_audit_config/update', { needAudit: true, auditorUserIds: [] }));
    expect(audit).toEqual({ orgId: 1001, needAudit: true, auditorUserIds: [], auditorUsers: [] });
    expect(await data(get(admin, '/dps-server/enterprise/order_audit_config/find'))).toEqual(audit);
  });

  it('refuses invalid sections with 4000 naming the field, and changes nothing', async () => {
    const before = await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'));
    const logs = await logCount('修改企业配置');
    expect(await post(admin, '/dps-server/enterprise/config/update', { reportQuantityConfig: { overReportTolerancePercent: 120, defectCountsAsOutput: false } })).toEqual({
      resultCode: 4000,
      resultMsg: '超报比例（%）不能大于100',
    });
    expect(await post(admin, '/dps-server/enterprise/config/update', { maintenanceMode: { enabled: true } })).toEqual({ resultCode: 4000, resultMsg: '维护提示不能为空' });
    expect(await post(admin, '/dps-server/enterprise/config/update', { maintenanceMode: { enabled: true, maintenanceMessage: ' ' } })).toEqual({
      resultCode: 4000,
      resultMsg: '开启维护模式时维护提示不能为空',
    });
    expect(await post(admin, '/dps-server/enterprise/config/update', { orderTemplate: { orderNoPrefix: 'so1', defaultDeliveryDays: 7, orderFields: [] } })).toEqual({
      resultCode: 4000,
      resultMsg: '订单号前缀格式不正确',
    });
    // qc does not work in 示例纸板厂.
    const qc = await userId('qc');
    expect(await post(boardAdmin, '/dps-server/enterprise/config/update', { orderAuditConfig: { needAudit: true, auditorUserIds: [qc] } })).toEqual({
      resultCode: 4000,
      resultMsg: `订单审核配置的审核人不存在或不属于当前工厂（ID：${qc}）`,
    });
    expect(await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'))).toEqual(before);
    expect(await logCount('修改企业配置')).toBe(logs);
  });

  it('saves auditors of the factory with their names and refuses users of another factory, changing nothing', async () => {
    const [staff01, staff02] = [await userId('staff01'), await userId('staff02')];
    const saved = await data(
      post<EnterpriseConfig>(admin, '/dps-server/enterprise/config/update', {
        // The view's names echoed back are ignored, not stored.
        reportAuditConfig: { needAudit: true, auditorUserIds: [staff02, staff01], auditorUsers: [{ userId: 1, username: 'x', nickName: 'x' }] },
      }),
    );
    const expected = {
      needAudit: true,
      auditorUserIds: [staff02, staff01],
      auditorUsers: [
        { userId: staff02, username: 'staff02', nickName: '李芳' },
        { userId: staff01, username: 'staff01', nickName: '王伟' },
      ],
    };
    expect(saved.reportAuditConfig).toEqual(expected);
    expect((await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'))).reportAuditConfig).toEqual(expected);
    const stored = await t.db.selectFrom('enterprise_config').select('config').where('org_id', '=', 1001).executeTakeFirstOrThrow();
    const storedConfig = (typeof stored.config === 'string' ? JSON.parse(stored.config) : stored.config) as Record<string, unknown>;
    expect(storedConfig.reportAuditConfig).toEqual({ needAudit: true, auditorUserIds: [staff02, staff01] });

    // A user who works only in 示例纸板厂, chosen while working in 示例纸箱厂.
    const { userId: boardUser } = await data(
      post<{ userId: number }>(boardAdmin, '/dps-server/department_user/add', { username: 'board_auditor', nickName: '纸板审核员', mobile: '13900001111', password: 'Board12345' }),
    );
    const before = await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'));
    const logs = await logCount('修改企业配置');
    expect(
      await post(admin, '/dps-server/enterprise/config/update', {
        reportAuditConfig: { needAudit: true, auditorUserIds: [staff01, boardUser] },
        maintenanceMode: { enabled: true, maintenanceMessage: '不应保存' },
      }),
    ).toEqual({ resultCode: 4000, resultMsg: `报工审核配置的审核人不存在或不属于当前工厂（ID：${boardUser}）` });
    expect(await post(admin, '/dps-server/enterprise/order_audit_config/update', { needAudit: true, auditorUserIds: [999_999] })).toEqual({
      resultCode: 4000,
      resultMsg: '订单审核配置的审核人不存在或不属于当前工厂（ID：999999）',
    });
    expect(await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'))).toEqual(before);
    expect(await logCount('修改企业配置')).toBe(logs);
    // In its own factory the same user is a valid auditor.
    const board = await data(post<EnterpriseConfig>(boardAdmin, '/dps-server/enterprise/config/update', { reportAuditConfig: { needAudit: true, auditorUserIds: [boardUser] } }));
    expect(board.reportAuditConfig.auditorUsers).toEqual([{ userId: boardUser, username: 'board_auditor', nickName: '纸板审核员' }]);
  });

  it('refuses making a disabled account an auditor, but keeps one that was disabled after being chosen', async () => {
    const [staff03, staff04] = [await userId('staff03'), await userId('staff04')];
    await data(post(admin, '/dps-server/enterprise/config/update', { orderAuditConfig: { needAudit: true, auditorUserIds: [staff04] } }));
    for (const id of [staff03, staff04]) expect(await post(admin, '/dps-server/department_user/edit_status', { userIds: [id], status: 0 })).toMatchObject({ resultCode: 1000 });
    // The pickers' list says which accounts are disabled.
    const listed = await data<{ list: Array<{ userId: number; status: number }> }>(get(admin, '/dps-server/user_list?limit=1000'));
    expect(listed.list.filter((user) => user.status === 0).map((user) => user.userId)).toEqual(expect.arrayContaining([staff03, staff04]));
    const nick = (await data<{ list: Array<{ nickName: string }> }>(get(admin, `/dps-server/user_list?userId=${staff03}`))).list[0]!.nickName;

    const before = await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'));
    const logs = await logCount('修改企业配置');
    expect(await post(admin, '/dps-server/enterprise/config/update', { orderAuditConfig: { needAudit: true, auditorUserIds: [staff04, staff03] } })).toEqual({
      resultCode: 4000,
      resultMsg: `订单审核配置的审核人账号已禁用：${nick}（staff03）`,
    });
    expect(await data(get<EnterpriseConfig>(admin, '/dps-server/enterprise/config/find'))).toEqual(before);
    expect(await logCount('修改企业配置')).toBe(logs);
    // staff04 was an auditor before being disabled: saving other changes keeps it until someone removes it.
    const saved = await data(post<EnterpriseConfig>(admin, '/dps-server/enterprise/config/update', { orderAuditConfig: { needAudit: false, auditorUserIds: [staff04] } }));
    expect(saved.orderAuditConfig).toMatchObject({ needAudit: false, auditorUserIds: [staff04] });
    // …but it cannot be added to another section.
    expect(await post(admin, '/dps-server/enterprise/config/update', { reportAuditConfig: { needAudit: true, auditorUserIds: [staff04] } })).toMatchObject({ resultCode: 4000 });
    for (const id of [staff03, staff04]) await post(admin, '/dps-server/department_user/edit_status', { userIds: [id], status: 1 });
  });

  it('saves a dictionary and replaces its items, refusing duplicate item codes', async () => {
    const dicts = await data(get<DictView[]>(admin, '/dps-server/enterprise/dict/list'));
    // downtime_reason: the device-status seed's downtime reasons (停机原因).
    expect(dicts.map((dict) => dict.dictType)).toEqual(['box_style', 'customer_level', 'downtime_reason', 'print_type']);
    const payload = { dictType: 'pallet_type', dictName: '托盘类型', items: [{ itemCode: 'wood', itemLabel: '木托盘' }, { itemCode: 'plastic', itemLabel: '塑料托盘', enabled: false }] };
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/enterprise/dict/save_or_update', payload));
    const saved = await data(get<DictView[]>(admin, '/dps-server/enterprise/dict/list?dictType=pallet_type'));
    expect(saved).toEqual([
      expect.objectContaining({ id, dictName: '托盘类型', items: [{ itemCode: 'wood', itemLabel: '木托盘', sort: 1, enabled: true }, { itemCode: 'plastic', itemLabel: '塑料托盘', sort: 2, enabled: false }] }),
    ]);
    expect(await data(post(admin, '/dps-server/enterprise/dict/save_or_update', { ...payload, dictName: '托盘', items: [{ itemCode: 'paper', itemLabel: '纸托盘', sort: 5 }] }))).toEqual({ id });
    expect((await data(get<DictView[]>(admin, '/dps-server/enterprise/dict/list?dictType=pallet_type')))[0]).toMatchObject({ dictName: '托盘', items: [{ itemCode: 'paper', sort: 5 }] });
    expect(await post(admin, '/dps-server/enterprise/dict/save_or_update', { ...payload, items: [{ itemCode: 'a', itemLabel: '甲' }, { itemCode: 'a', itemLabel: '乙' }] })).toEqual({
      resultCode: 4000,
      resultMsg: '字典项编码「a」重复',
    });
    expect(await post(admin, '/dps-server/enterprise/dict/save_or_update', { dictType: 'Bad Type', dictName: 'x', items: [] })).toEqual({ resultCode: 4000, resultMsg: '字典类型格式不正确' });
    expect(await logCount('新增字典：托盘类型（pallet_type，2项）')).toBe(1);
    expect(await logCount('修改字典：托盘（pallet_type，1项）')).toBe(1);
    expect(await data(get<DictView[]>(boardAdmin, '/dps-server/enterprise/dict/list?dictType=pallet_type'))).toEqual([]);
  });

  it('lists the process dictionary of the current factory and keeps page configs per user', async () => {
    const processes = await data(get<ProcessDictEntry[]>(admin, '/dps-server/enterprise/process_dict/list'));
    expect(processes).toHaveLength(15);
    expect(processes[0]).toEqual({ processId: await processId('ZB01'), processCode: 'ZB01', processName: '瓦线生产' });

    const columns = JSON.stringify([{ key: 'deviceNo', width: 120 }, { key: 'brand', hidden: true }]);
    expect(await data(get<UserPageConfig>(admin, '/dps-server/enterprise/user_page_config/find?pageKey=device-info'))).toEqual({ pageKey: 'device-info', pageConfig: '' });
    await data(post(admin, '/dps-server/enterprise/user_page_config/save', { pageKey: 'device-info', pageConfig: columns }));
    expect(await data(get<UserPageConfig>(admin, '/dps-server/enterprise/user_page_config/find?pageKey=device-info'))).toEqual({ pageKey: 'device-info', pageConfig: columns });
    // Another user (even without any authority) has their own settings.
    const noperm = await loginAs(t.app, 'noperm', 'noperm123');
    expect(await data(get<UserPageConfig>(noperm, '/dps-server/enterprise/user_page_config/find?pageKey=device-info'))).toEqual({ pageKey: 'device-info', pageConfig: '' });
    expect(await post(admin, '/dps-server/enterprise/user_page_config/save', { pageKey: 'device-info', pageConfig: '{not json' })).toEqual({
      resultCode: 4000,
      resultMsg: '页面配置格式不正确，应为JSON字符串',
    });
  });
});

describe('schedule config (/schedule-cfg)', () => {
  it('finds per-factory defaults, updates and validates', async () => {
    expect(await data(get<ScheduleConfig>(admin, '/dps-server/schedule_config/find'))).toMatchObject({ orgId: 1001, calendarSource: 'shift_calendar', defaultEfficiencyPercent: 85, schedulableOrderStatuses: [2, 3] });
    expect(await data(get<ScheduleConfig>(boardAdmin, '/dps-server/schedule_config/find'))).toMatchObject({ orgId: 1002, calendarSource: 'all_day' });
    const updated = await data(
      post<ScheduleConfig>(admin, '/dps-server/schedule_config/update', { defaultEfficiencyPercent: 90, colorChangeMinutes: 12, schedulableOrderStatuses: [4, 2, 3] }),
    );
    expect(updated).toMatchObject({ calendarSource: 'shift_calendar', defaultEfficiencyPercent: 90, colorChangeMinutes: 12, sameDieSavingMinutes: 15, schedulableOrderStatuses: [2, 3, 4] });
    expect(await data(get<ScheduleConfig>(admin, '/dps-server/schedule_config/find'))).toEqual(updated);
    expect(await logCount('修改排产配置：默认效率=90，换色时间=12，可排产订单状态=已下单/已部署/生产中')).toBe(1);
    expect(await post(admin, '/dps-server/schedule_config/update', { calendarSource: 'weekdays' })).toEqual({ resultCode: 4000, resultMsg: '工作日历来源格式不正确' });
    expect(await post(admin, '/dps-server/schedule_config/update', { defaultEfficiencyPercent: 0 })).toEqual({ resultCode: 4000, resultMsg: '默认效率（%）不能小于1' });
    expect(await post(admin, '/dps-server/schedule_config/update', { schedulableOrderStatuses: [] })).toMatchObject({ resultCode: 4000 });
    expect(await data(get<ScheduleConfig>(admin, '/dps-server/schedule_config/find'))).toEqual(updated);
  });
});

describe('paper produce data', () => {
  it('seeds paper grades, flutes with take-up factors, graded board codes and deckles in both factories', async () => {
    for (const token of [admin, boardAdmin]) {
      const grades = await data(get<Page<PaperGrade>>(token, '/dps-server/paper_grade/list?limit=100'));
      expect(grades.total).toBe(15);
      const flutes = await data(get<Page<Flute>>(token, '/dps-server/flute/list?limit=100'));
      expect(flutes.list.map((flute) => flute.fluteCode)).toEqual(['A', 'C', 'B', 'E', 'F', 'BC', 'BE']);
      for (const flute of flutes.list.filter((entry) => entry.walls === 1)) {
        expect(flute.takeUpFactor).toBeGreaterThanOrEqual(1.25);
        expect(flute.takeUpFactor).toBeLessThanOrEqual(1.5);
      }
      const boards = await data(get<Page<BoardCode>>(token, '/dps-server/board_code/list?limit=100'));
      expect(boards.total).toBe(16);
      const deckles = await data(get<Page<DeckleWidth>>(token, '/dps-server/deckle_width/list?limit=100'));
      expect(deckles.list.map((deckle) => deckle.widthMm)).toEqual([1600, 1700, 1800, 1850, 1900, 2000, 2050, 2100, 2200, 2300, 2400, 2500]);
      expect(deckles.list.every((deckle) => deckle.minTrimMm === 20)).toBe(true);
    }
    const liners = await data(get<Page<PaperGrade>>(admin, '/dps-server/paper_grade/list?paperType=medium&limit=100'));
    expect(liners.list.every((grade) => grade.paperType === 'medium')).toBe(true);
    const bc = await data(get<Page<BoardCode>>(admin, '/dps-server/board_code/list?boardCode=K250-B120-C110'));
    expect(bc.list[0]).toMatchObject({ fluteCode: 'BC', grade: 'D-1.3', minBurstKpa: 1569, minEctKnM: 8.82, layerText: 'K250-B120-C110-C140-K250' });
    // 250 + 120×1.35 + 110 + 140×1.45 + 250 = 975 g/m².
    expect(bc.list[0]!.basisWeight).toBe(975);
  });

  it('creates a board code from its layer papers, refusing unknown papers, wrong layer counts and wrong paper types', async () => {
    const gradeIds = async (codes: string[]) => {
      const grades = await data(get<Page<PaperGrade>>(admin, '/dps-server/paper_grade/list?limit=100'));
      return codes.map((code) => grades.list.find((grade) => grade.paperCode === code)!.id);
    };
    const { id: grade } = await data(post<{ id: number }>(admin, '/dps-server/paper_grade/create', { paperCode: 'K280', paperName: '牛卡纸 280g', grammage: 280, paperType: 'liner', ringCrush: 480 }));
    const flutes = await data(get<Page<Flute>>(admin, '/dps-server/flute/list?limit=100'));
    const fluteB = flutes.list.find((flute) => flute.fluteCode === 'B')!.id;
    const fluteBC = flutes.list.find((flute) => flute.fluteCode === 'BC')!.id;
    const [b140] = await gradeIds(['B140']);
    const before = await logCount('新增纸板编码');

    expect(await post(admin, '/dps-server/board_code/create', { boardCode: 'K280-B140-K280', fluteId: fluteB, layers: [grade, b140, 999_999], grade: 'S-1.3' })).toEqual({
      resultCode: 4000,
      resultMsg: '第3层原纸不存在',
    });
    expect(await post(admin, '/dps-server/board_code/create', { boardCode: 'K280-B140-K280', fluteId: fluteBC, layers: [grade, b140, grade], grade: 'S-1.3' })).toEqual({
      resultCode: 4000,
      resultMsg: '楞型「BC」为双瓦楞，纸板应为5层',
    });
    expect(await post(admin, '/dps-server/board_code/create', { boardCode: 'K280-B140-K280', fluteId: fluteB, layers: [grade, grade, grade] })).toEqual({
      resultCode: 4000,
      resultMsg: '第2层应为瓦楞芯纸',
    });
    expect(await post(admin, '/dps-server/board_code/create', { boardCode: 'K280-B140-K280', fluteId: fluteB, layers: [grade, b140, grade], grade: 'D-1.3' })).toEqual({
      resultCode: 4000,
      resultMsg: '纸板等级「D-1.3」与楞型层数不符（单瓦楞用S-，双瓦楞用D-）',
    });
    expect(await post(admin, '/dps-server/board_code/create', { boardCode: 'K280-B140-K280', fluteId: fluteB, layers: [grade, b140, grade], grade: 'S-9.9' })).toEqual({
      resultCode: 4000,
      resultMsg: '纸板等级格式不正确',
    });
    expect(await post(admin, '/dps-server/board_code/create', { boardCode: 'K280-B140-K280', fluteId: fluteB, layers: [grade, b140] })).toEqual({ resultCode: 4000, resultMsg: '纸板层格式不正确' });
    // A paper of the other factory is unknown here.
    const [boardFactoryK250] = (await data(get<Page<PaperGrade>>(boardAdmin, '/dps-server/paper_grade/list?paperCode=K250'))).list.map((g) => g.id);
    expect(await post(admin, '/dps-server/board_code/create', { boardCode: 'X-1', fluteId: fluteB, layers: [boardFactoryK250, b140, grade] })).toEqual({ resultCode: 4000, resultMsg: '第1层原纸不存在' });
    expect(await logCount('新增纸板编码')).toBe(before);

    const { id } = await data(
      post<{ id: number }>(admin, '/dps-server/board_code/create', { boardCode: 'K280-B140-K280', fluteId: fluteB, layers: [grade, b140, grade], grade: 'S-1.3', minBurstKpa: 1177, minEctKnM: 6.86 }),
    );
    expect(await data(get<BoardCode>(admin, `/dps-server/board_code/detail/${id}`))).toMatchObject({
      boardCode: 'K280-B140-K280',
      fluteCode: 'B',
      layerText: 'K280-B140-K280',
      basisWeight: 749,
      layers: [{ seq: 1, paperCode: 'K280' }, { seq: 2, paperCode: 'B140', paperType: 'medium' }, { seq: 3, paperCode: 'K280' }],
    });
    expect(await post(admin, '/dps-server/board_code/create', { boardCode: 'K280-B140-K280', fluteId: fluteB, layers: [grade, b140, grade] })).toEqual({ resultCode: 4009, resultMsg: '纸板编码已存在' });
    expect(await logCount('新增纸板编码：K280-B140-K280（3层）')).toBe(1);

    // Deleting a paper grade used by a board code is refused and changes nothing.
    const logs = await logCount('删除原纸');
    expect(await post(admin, '/dps-server/paper_grade/delete_batch', { ids: [grade] })).toEqual({ resultCode: 4009, resultMsg: '原纸「K280」已被纸板编码引用，无法删除' });
    expect(await post(admin, '/dps-server/flute/delete_batch', { ids: [fluteB] })).toEqual({ resultCode: 4009, resultMsg: '楞型「B」已被纸板编码引用，无法删除' });
    expect((await data(get<Page<PaperGrade>>(admin, '/dps-server/paper_grade/list?paperCode=K280'))).total).toBe(1);
    expect(await logCount('删除原纸')).toBe(logs);

    await data(post(admin, '/dps-server/board_code/delete_batch', { ids: [id] }));
    expect(await data(post(admin, '/dps-server/paper_grade/delete_batch', { ids: [grade] }))).toEqual({ deleted: 1 });
    expect(await logCount('删除原纸：K280')).toBe(1);
  });

  it('validates paper grades, flutes and deckles with Chinese messages and 4009 duplicates', async () => {
    expect(await post(admin, '/dps-server/paper_grade/create', { paperCode: 'K200', paperName: '重复', grammage: 200, paperType: 'liner' })).toEqual({ resultCode: 4009, resultMsg: '原纸编码已存在' });
    expect(await post(admin, '/dps-server/paper_grade/create', { paperCode: 'K900', paperName: '超重', grammage: 900, paperType: 'liner' })).toEqual({ resultCode: 4000, resultMsg: '克重（g/m²）不能大于500' });
    expect(await post(admin, '/dps-server/paper_grade/create', { paperCode: 'K901', grammage: 200, paperType: 'liner' })).toEqual({ resultCode: 4000, resultMsg: '原纸名称不能为空' });
    expect(await post(admin, '/dps-server/flute/create', { fluteCode: 'D', fluteName: 'D楞', heightMm: 5, takeUpFactor: 1.7 })).toEqual({ resultCode: 4000, resultMsg: '收缩率（瓦楞系数）不能大于1.5' });
    expect(await post(admin, '/dps-server/flute/create', { fluteCode: 'D', fluteName: 'D楞', heightMm: 5 })).toEqual({ resultCode: 4000, resultMsg: '单瓦楞必须填写收缩率（瓦楞系数）' });
    expect(await post(admin, '/dps-server/flute/create', { fluteCode: 'AX', fluteName: '错', heightMm: 5, components: ['A', 'X'] })).toEqual({ resultCode: 4000, resultMsg: '组成楞型「X」不存在或不是单瓦楞' });
    const { id: ab } = await data(post<{ id: number }>(admin, '/dps-server/flute/create', { fluteCode: 'AB', fluteName: 'AB双瓦楞', heightMm: 8, components: ['A', 'B'] }));
    const flutes = await data(get<Page<Flute>>(admin, '/dps-server/flute/list?fluteCode=AB'));
    expect(flutes.list[0]).toMatchObject({ id: ab, walls: 2, takeUpFactor: null, components: ['A', 'B'] });
    const fluteA = (await data(get<Page<Flute>>(admin, '/dps-server/flute/list?limit=100'))).list.find((flute) => flute.fluteCode === 'A')!.id;
    expect(await post(admin, '/dps-server/flute/delete_batch', { ids: [fluteA] })).toMatchObject({ resultCode: 4009 });
    await data(post(admin, '/dps-server/flute/delete_batch', { ids: [ab] }));

    expect(await post(admin, '/dps-server/deckle_width/create', { widthMm: 2500 })).toEqual({ resultCode: 4009, resultMsg: '门幅 2500mm 已存在' });
    expect(await post(admin, '/dps-server/deckle_width/create', { widthMm: 4000 })).toEqual({ resultCode: 4000, resultMsg: '门幅（mm）不能大于3000' });
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/deckle_width/create', { widthMm: 1650, minTrimMm: 25 }));
    await data(post(admin, '/dps-server/deckle_width/update', { id, widthMm: 1750, minTrimMm: 30, enabled: false }));
    const disabled = await data(get<Page<DeckleWidth>>(admin, '/dps-server/deckle_width/list?enabled=false'));
    expect(disabled.list).toEqual([expect.objectContaining({ id, widthMm: 1750, minTrimMm: 30, enabled: false })]);
    expect(await logCount('编辑门幅：1650mm → 1750mm')).toBe(1);
    await data(post(admin, '/dps-server/deckle_width/delete_batch', { ids: [id] }));
    // Another factory's row is not found from here.
    const boardDeckle = (await data(get<Page<DeckleWidth>>(boardAdmin, '/dps-server/deckle_width/list'))).list[0]!;
    expect(await post(admin, '/dps-server/deckle_width/delete_batch', { ids: [boardDeckle.id] })).toEqual({ resultCode: 4004, resultMsg: '门幅不存在' });
  });
});

describe('shop floor: IC cards, all-in-one machines, bad phenomena', () => {
  it('keeps card numbers unique per factory and binds each card to one staff member', async () => {
    const seeded = await data(get<Page<IcCard>>(admin, '/dps-server/ic_card/list?limit=100'));
    expect(seeded.total).toBe(11);
    expect(seeded.list.filter((card) => card.userId !== null)).toHaveLength(8);
    const unbound = await data(get<Page<IcCard>>(admin, '/dps-server/ic_card/list?bound=false'));
    expect(unbound.total).toBe(3);

    const { id } = await data(post<{ id: number }>(admin, '/dps-server/ic_card/create', { cardNo: 'ab12345678' }));
    expect(await post(admin, '/dps-server/ic_card/create', { cardNo: 'AB12345678' })).toEqual({ resultCode: 4009, resultMsg: 'IC卡号已存在' });
    // The same number is free in the other factory.
    await data(post(boardAdmin, '/dps-server/ic_card/create', { cardNo: 'AB12345678' }));
    expect(await post(admin, '/dps-server/ic_card/create', { cardNo: '12' })).toEqual({ resultCode: 4000, resultMsg: 'IC卡号长度不能少于4个字符' });

    const operator = await userId('operator');
    const operatorCard = seeded.list.find((card) => card.userId === operator);
    expect(operatorCard).toBeDefined();
    expect(await post(admin, '/dps-server/ic_card/bind', { id, userId: operator })).toEqual({ resultCode: 4009, resultMsg: `员工「操作员小张」已绑定IC卡「${operatorCard!.cardNo}」` });
    await data(post(admin, '/dps-server/ic_card/unbind', { id: operatorCard!.id }));
    expect(await post(admin, '/dps-server/ic_card/unbind', { id: operatorCard!.id })).toEqual({ resultCode: 4009, resultMsg: '该IC卡未绑定员工' });
    await data(post(admin, '/dps-server/ic_card/bind', { id, userId: operator }));
    const listed = await data(get<Page<IcCard>>(admin, '/dps-server/ic_card/list?nickName=操作员'));
    expect(listed.list).toEqual([expect.objectContaining({ id, cardNo: 'AB12345678', userId: operator, nickName: '操作员小张' })]);
    expect(listed.list[0]!.bindTime).not.toBe('');
    expect(await logCount('绑定IC卡：AB12345678 → 操作员小张')).toBe(1);
    expect(await logCount(`解绑IC卡：${operatorCard!.cardNo}`)).toBe(1);

    // qc works only in 示例纸箱厂: binding them in 示例纸板厂 is refused.
    const boardCard = (await data(get<Page<IcCard>>(boardAdmin, '/dps-server/ic_card/list?bound=false'))).list[0]!;
    expect(await post(boardAdmin, '/dps-server/ic_card/bind', { id: boardCard.id, userId: await userId('qc') })).toEqual({ resultCode: 4000, resultMsg: '员工不存在或不属于当前工厂' });
    expect(await post(admin, '/dps-server/ic_card/bind', { id: boardCard.id, userId: operator })).toEqual({ resultCode: 4004, resultMsg: 'IC卡不存在' });
  });

  it('binds all-in-one machines to devices of the factory', async () => {
    const machines = await data(get<Page<WorkMachine>>(admin, '/dps-server/work_machine/list'));
    expect(machines.list.map((machine) => [machine.machineCode, machine.devices.map((device) => device.deviceNo)])).toEqual([
      ['YTJ-01', ['YS-01', 'YS-02', 'YS-03']],
      ['YTJ-02', ['MQ-01', 'MQ-02', 'HX-01']],
    ]);
    const devices = await t.db.selectFrom('device').select(['id', 'device_no', 'org_id']).where('device_no', 'in', ['DX-01', 'DB-01']).execute();
    const own = devices.filter((device) => device.org_id === 1001).map((device) => device.id);
    const foreign = devices.find((device) => device.org_id === 1002)!.id;
    expect(await post(admin, '/dps-server/work_machine/create', { machineCode: 'YTJ-03', machineName: '包装一体机', deviceIds: [foreign] })).toEqual({ resultCode: 4000, resultMsg: '绑定的设备不存在' });
    expect(await post(admin, '/dps-server/work_machine/create', { machineCode: 'YTJ-03', machineName: '包装一体机', ip: '192.168.1.300', deviceIds: [] })).toEqual({ resultCode: 4000, resultMsg: 'IP地址格式不正确' });
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/work_machine/create', { machineCode: 'YTJ-03', machineName: '包装一体机', ip: '192.168.10.23', deviceIds: own }));
    expect(await post(admin, '/dps-server/work_machine/create', { machineCode: 'YTJ-03', machineName: '重复', deviceIds: [] })).toEqual({ resultCode: 4009, resultMsg: '一体机编码已存在' });
    expect((await data(get<WorkMachine>(admin, `/dps-server/work_machine/detail/${id}`))).devices).toHaveLength(2);
    await data(post(admin, '/dps-server/work_machine/update', { id, machineCode: 'YTJ-03', machineName: '包装一体机', deviceIds: [own[0]] }));
    expect((await data(get<WorkMachine>(admin, `/dps-server/work_machine/detail/${id}`))).devices).toHaveLength(1);
    expect(await get(boardAdmin, `/dps-server/work_machine/detail/${id}`)).toEqual({ resultCode: 4004, resultMsg: '一体机不存在' });
    await data(post(admin, '/dps-server/work_machine/delete_batch', { ids: [id] }));
  });

  it('lists bad phenomena per process and refuses deleting a process that still has them', async () => {
    const all = await data(get<Page<BadReason>>(admin, '/dps-server/undesirable_reason/list?limit=100'));
    expect(all.total).toBeGreaterThanOrEqual(20);
    const printing = await processId('YS01');
    const perProcess = await data(get<Page<BadReason>>(admin, `/dps-server/undesirable_reason/list?processId=${printing}&limit=100`));
    expect(perProcess.list.map((reason) => reason.reasonName)).toEqual(['色差', '套印不准', '糊版', '漏印', '墨杠', '开槽偏位']);
    expect(perProcess.list.every((reason) => reason.processName === '水印开槽')).toBe(true);

    const { id: process } = await data(post<{ id: number }>(admin, '/dps-server/process/create', { processCode: 'FM01', processName: '覆膜' }));
    expect(await post(admin, '/dps-server/undesirable_reason/create', { reasonCode: 'BL900', reasonName: '覆膜起泡', processId: 999_999 })).toEqual({ resultCode: 4000, resultMsg: '工序不存在' });
    expect(await post(admin, '/dps-server/undesirable_reason/create', { reasonCode: 'BL900', processId: process })).toEqual({ resultCode: 4000, resultMsg: '不良现象名称不能为空' });
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/undesirable_reason/create', { reasonCode: 'BL900', reasonName: '覆膜起泡', processId: process }));
    expect(await post(admin, '/dps-server/undesirable_reason/create', { reasonCode: 'BL900', reasonName: '覆膜皱褶', processId: process })).toEqual({ resultCode: 4009, resultMsg: '不良现象编码已存在' });
    expect(await logCount('新增不良现象：覆膜 - 覆膜起泡')).toBe(1);

    expect(await post(admin, '/dps-server/process/delete_batch', { ids: [process] })).toEqual({ resultCode: 4009, resultMsg: '该工序下存在不良现象，无法删除' });
    expect((await data(get<Page<BadReason>>(admin, `/dps-server/undesirable_reason/list?processId=${process}`))).total).toBe(1);
    await data(post(admin, '/dps-server/undesirable_reason/update', { id, reasonCode: 'BL900', reasonName: '覆膜起泡', processId: process, enabled: false }));
    expect((await data(get<Page<BadReason>>(admin, `/dps-server/undesirable_reason/list?processId=${process}&enabled=true`))).total).toBe(0);
    await data(post(admin, '/dps-server/undesirable_reason/delete_batch', { ids: [id] }));
    expect(await data(post(admin, '/dps-server/process/delete_batch', { ids: [process] }))).toEqual({ deleted: 1 });
    // Another factory's reasons stay invisible.
    const boardReasons = await data(get<Page<BadReason>>(boardAdmin, `/dps-server/undesirable_reason/list?processId=${printing}`));
    expect(boardReasons.total).toBe(0);
  });
});
