import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import type { Position, Team, TeamDetail } from '@core/contracts/modeling';
import type { ClassUser, DeviceCalendarMonth, Holiday, MonthEffect, Shift, ShiftExchange } from '@core/contracts/shifts';
import { bearer, expectImportRefused, loginAs, rowId, type TestApp, uploadXlsx, useTwoFactoryApp } from '../../test-support';

let t: TestApp;
/** admin in 示例纸箱厂 (1001) */
let admin: string;
/** admin switched to 示例纸板厂 (1002) */
let boardAdmin: string;

type Page<T> = PageResult<T>;

const { get, post, data, logCount } = useTwoFactoryApp((env) => ({ t, admin, boardAdmin } = env));

const idOf = (table: 'class_time' | 'class_team' | 'employee_position' | 'device', column: 'name' | 'device_no', value: string, orgId = 1001) => rowId(t.db, table, column, value, orgId);
async function userId(username: string): Promise<number> {
  return (await t.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
}
async function month(token: string, deviceId: number, value = '2026-05'): Promise<DeviceCalendarMonth> {
  return data(get<DeviceCalendarMonth>(token, `/dps-server/device_calendar/month?deviceId=${deviceId}&month=${value}`));
}
function day(calendar: DeviceCalendarMonth, date: string) {
  return calendar.days.find((entry) => entry.date === date)!;
}

describe('seeded shifts, teams and holidays', () => {
  it('gives both factories 全天 / 白班 A / 夜班 B with breaks, teams with members and the 2026 holidays', async () => {
    for (const token of [admin, boardAdmin]) {
      const shifts = await data(get<Page<Shift>>(token, '/dps-server/class_manage/shift/list'));
      expect(shifts.list.map((shift) => [shift.className, shift.startTime, shift.endTime, shift.workMinutes, shift.crossDay])).toEqual([
        ['全天', '00:00', '24:00', 1440, false],
        ['白班 A', '08:00', '20:00', 660, false],
        ['夜班 B', '20:00', '08:00', 690, true],
      ]);
      expect(shifts.list[1]!.breaks).toEqual([{ start: '12:00', end: '12:30' }, { start: '17:30', end: '18:00' }]);
      const holidays = await data(get<Page<Holiday>>(token, '/dps-server/holiday/page?limit=100'));
      expect(holidays.total).toBe(39);
      expect(holidays.list[0]).toMatchObject({ holidayDate: '2026-01-01', type: 1, typeName: '法定节假日', holidayName: '元旦' });
      const positions = await data(get<Page<Position>>(token, '/dps-server/employee_position/list'));
      expect(positions.list.map((position) => position.positionName)).toEqual(['机长', '副手', '质检员', '叉车工', '操作工']);
    }
    const teams = await data(get<Page<Team>>(admin, '/dps-server/basic_class/list'));
    expect(teams.list.map((team) => [team.teamName, team.workshopName, team.memberCount])).toEqual([
      ['印刷一班', '印刷车间', 5],
      ['印刷二班', '印刷车间', 5],
      ['成型一班', '成型车间', 5],
      ['成型二班', '成型车间', 5],
    ]);
    const detail = await data(get<TeamDetail>(admin, `/dps-server/basic_class/detail/${teams.list[0]!.id}`));
    expect(detail.members[0]).toMatchObject({ userName: 'staff01', positionName: '机长' });
    expect(detail.leaderName).toBe(detail.members[0]!.nickName);
    expect((await data(get<Page<Team>>(boardAdmin, '/dps-server/basic_class/list'))).list.map((team) => team.teamName)).toEqual(['瓦线甲班', '瓦线乙班', '瓦线丙班']);
    const users = await data(get<Page<ClassUser>>(admin, `/dps-server/class_manage/users/list?limit=100&classTimeId=${await idOf('class_time', 'name', '夜班 B')}`));
    expect(users.total).toBe(10);
    expect(new Set(users.list.map((user) => user.teamName))).toEqual(new Set(['印刷二班', '成型二班']));
  });
});

describe('class times (班次)', () => {
  it('creates, edits and deletes a shift, logging each write', async () => {
    const { id } = await data(
      post<{ id: number }>(admin, '/dps-server/class_manage/shift/create', {
        className: '中班 C',
        classCode: 'C',
        startTime: '16:00',
        endTime: '24:00',
        breaks: [{ start: '19:00', end: '19:30' }],
        isDefault: false,
      }),
    );
    expect(await data(get<Shift>(admin, `/dps-server/class_manage/shift/detail/${id}`))).toMatchObject({ className: '中班 C', workMinutes: 450, crossDay: false, userCount: 0 });
    expect(await logCount('新增班次：中班 C 16:00-24:00，休息 19:00-19:30')).toBe(1);
    await data(post(admin, '/dps-server/class_manage/shift/update', { id, className: '中班', startTime: '16:00', endTime: '00:30', breaks: [{ start: '00:00', end: '00:15' }], isDefault: false }));
    expect(await data(get<Shift>(admin, `/dps-server/class_manage/shift/detail/${id}`))).toMatchObject({ className: '中班', endTime: '00:30', crossDay: true, workMinutes: 495 });
    expect(await logCount('编辑班次：中班 16:00-00:30，休息 00:00-00:15（原名称 中班 C）')).toBe(1);
    expect(await data(post(admin, '/dps-server/class_manage/shift/delete_batch', { ids: [id] }))).toEqual({ deleted: 1 });
    expect(await get(admin, `/dps-server/class_manage/shift/detail/${id}`)).toEqual({ resultCode: 4004, resultMsg: '班次不存在' });
    expect(await logCount('删除班次：中班')).toBe(1);
  });

  it('refuses invalid shifts with 4000 naming the field, and writes nothing', async () => {
    const before = await logCount('新增班次');
    const cases: Array<[unknown, string]> = [
      [{ startTime: '08:00', endTime: '20:00' }, '班次名称不能为空'],
      [{ className: '', startTime: '08:00', endTime: '20:00' }, '班次名称不能为空'],
      [{ className: '   ', startTime: '08:00', endTime: '20:00' }, '班次名称不能为空'],
      [{ className: '早班', startTime: '25:00', endTime: '20:00' }, '开始时间格式不正确'],
      [{ className: '早班', startTime: '08:00' }, '结束时间不能为空'],
      [{ className: '早班', startTime: '08:00', endTime: '08:00' }, '结束时间不能与开始时间相同'],
      [{ className: '早班', startTime: '08:00', endTime: '16:00', breaks: [{ start: '17:00', end: '17:30' }] }, '休息时间 17:00-17:30 必须在班次时间内'],
      [{ className: '早班', startTime: '08:00', endTime: '16:00', breaks: [{ start: '12:00', end: '13:00' }, { start: '12:30', end: '13:30' }] }, '休息时间不能重叠'],
      [{ className: '早班', startTime: '08:00', endTime: '16:00', breaks: [{ start: '12:00' }] }, '休息结束时间不能为空'],
      [{ className: '早'.repeat(21), startTime: '08:00', endTime: '16:00' }, '班次名称长度不能超过20个字符'],
    ];
    for (const [payload, message] of cases) {
      expect(await post(admin, '/dps-server/class_manage/shift/create', payload), message).toEqual({ resultCode: 4000, resultMsg: message });
    }
    expect(await post(admin, '/dps-server/class_manage/shift/create', { className: '白班 A', startTime: '08:00', endTime: '20:00' })).toEqual({ resultCode: 4009, resultMsg: '班次名称已存在' });
    expect(await logCount('新增班次')).toBe(before);
  });

  it('refuses to delete a shift used by class users, changing nothing', async () => {
    const day = await idOf('class_time', 'name', '白班 A');
    const before = await logCount('删除班次');
    expect(await post(admin, '/dps-server/class_manage/shift/delete_batch', { ids: [day] })).toEqual({ resultCode: 4009, resultMsg: '班次「白班 A」已被排班人员使用，无法删除' });
    const { id: spare } = await data(post<{ id: number }>(admin, '/dps-server/class_manage/shift/create', { className: '备用班', startTime: '06:00', endTime: '14:00' }));
    expect(await post(admin, '/dps-server/class_manage/shift/delete_batch', { ids: [spare, day] })).toMatchObject({ resultCode: 4009 });
    expect(await data(get<Shift>(admin, `/dps-server/class_manage/shift/detail/${spare}`))).toMatchObject({ className: '备用班' });
    expect(await data(get<Shift>(admin, `/dps-server/class_manage/shift/detail/${day}`))).toMatchObject({ className: '白班 A', userCount: 10 });
    expect(await logCount('删除班次')).toBe(before);
    await data(post(admin, '/dps-server/class_manage/shift/delete_batch', { ids: [spare] }));
  });
});

describe('class teams (班组) and positions (岗位)', () => {
  it('creates a team with members and positions, edits and deletes it', async () => {
    const workshop = (await t.db.selectFrom('workshop').select('id').where('org_id', '=', 1001).where('name', '=', '成型车间').executeTakeFirstOrThrow()).id;
    const { id: position } = await data(post<{ id: number }>(admin, '/dps-server/employee_position/create', { positionName: '糊箱工' }));
    const { id } = await data(
      post<{ id: number }>(admin, '/dps-server/basic_class/create', {
        teamName: '后道三班',
        workshopId: workshop,
        leaderUserId: await userId('operator'),
        members: [
          { userId: await userId('operator'), positionId: await idOf('employee_position', 'name', '机长') },
          { userId: await userId('qc'), positionId: position },
        ],
      }),
    );
    const detail = await data(get<TeamDetail>(admin, `/dps-server/basic_class/detail/${id}`));
    expect(detail).toMatchObject({ teamName: '后道三班', workshopName: '成型车间', leaderName: '操作员小张', memberCount: 2 });
    expect(detail.members.map((member) => [member.userName, member.positionName])).toEqual([
      ['operator', '机长'],
      ['qc', '糊箱工'],
    ]);
    expect(await logCount('新增班组：后道三班（2人）')).toBe(1);
    expect(await post(admin, '/dps-server/employee_position/delete_batch', { ids: [position] })).toEqual({ resultCode: 4009, resultMsg: '岗位「糊箱工」已被班组成员使用，无法删除' });
    expect(await post(admin, '/dps-server/basic_class/delete_batch', { ids: [id] })).toEqual({ resultCode: 4009, resultMsg: '班组「后道三班」下存在成员，无法删除' });
    expect((await data(get<TeamDetail>(admin, `/dps-server/basic_class/detail/${id}`))).memberCount).toBe(2);

    await data(post(admin, '/dps-server/basic_class/update', { id, teamName: '后道二班', members: [] }));
    expect(await data(get<TeamDetail>(admin, `/dps-server/basic_class/detail/${id}`))).toMatchObject({ teamName: '后道二班', workshopId: null, members: [], memberCount: 0 });
    expect(await logCount('编辑班组：后道二班（原名称 后道三班）')).toBe(1);
    expect(await data(post(admin, '/dps-server/basic_class/delete_batch', { ids: [id] }))).toEqual({ deleted: 1 });
    expect(await data(post(admin, '/dps-server/employee_position/delete_batch', { ids: [position] }))).toEqual({ deleted: 1 });
    expect(await logCount('删除班组：后道二班')).toBe(1);
    expect(await logCount('删除岗位：糊箱工')).toBe(1);
  });

  it('validates names, duplicates and members of other factories', async () => {
    expect(await post(admin, '/dps-server/basic_class/create', { teamName: '' })).toEqual({ resultCode: 4000, resultMsg: '班组名称不能为空' });
    expect(await post(admin, '/dps-server/basic_class/create', { teamName: '印刷一班' })).toEqual({ resultCode: 4009, resultMsg: '班组名称已存在' });
    expect(await post(admin, '/dps-server/basic_class/create', { teamName: '新班', members: [{ userId: 'x' }] })).toEqual({ resultCode: 4000, resultMsg: '用户类型不正确' });
    const staff = await userId('staff01');
    expect(await post(admin, '/dps-server/basic_class/create', { teamName: '新班', members: [{ userId: staff }, { userId: staff }] })).toEqual({ resultCode: 4000, resultMsg: '班组成员不能重复' });
    // staff01 works in 示例纸箱厂 only.
    expect(await post(boardAdmin, '/dps-server/basic_class/create', { teamName: '瓦线丁班', members: [{ userId: staff }] })).toEqual({ resultCode: 4004, resultMsg: '班组成员不在当前工厂' });
    expect(await post(admin, '/dps-server/employee_position/create', { positionName: '机长' })).toEqual({ resultCode: 4009, resultMsg: '岗位名称已存在' });
    expect(await post(admin, '/dps-server/employee_position/create', {})).toEqual({ resultCode: 4000, resultMsg: '岗位名称不能为空' });
    expect((await data(get<Page<Team>>(boardAdmin, '/dps-server/basic_class/list?teamName=丁'))).total).toBe(0);
  });
});

describe('class users (排班人员), exchange (调班) and import', () => {
  it('schedules a user once, moves them, and records a shift exchange', async () => {
    const day = await idOf('class_time', 'name', '白班 A');
    const night = await idOf('class_time', 'name', '夜班 B');
    const team = await idOf('class_team', 'name', '印刷一班');
    const planner = await userId('planner');
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/class_manage/users/create', { userId: planner, classTimeId: day, teamId: team }));
    expect(await post(admin, '/dps-server/class_manage/users/create', { userId: planner, classTimeId: night })).toEqual({ resultCode: 4009, resultMsg: '人员「计划员小王」已排班，请直接编辑' });
    expect(await post(admin, '/dps-server/class_manage/users/create', { userId: planner })).toEqual({ resultCode: 4000, resultMsg: '班次不能为空' });
    expect(await post(admin, '/dps-server/class_manage/users/create', { classTimeId: day })).toEqual({ resultCode: 4000, resultMsg: '用户不能为空' });
    await data(post(admin, '/dps-server/class_manage/users/update', { id, userId: planner, classTimeId: night, teamId: null }));
    const listed = await data(get<Page<ClassUser>>(admin, '/dps-server/class_manage/users/list?nickName=计划员'));
    expect(listed.list).toEqual([expect.objectContaining({ id, userName: 'planner', className: '夜班 B', teamId: null, teamName: '' })]);
    expect(await logCount('编辑排班人员：计划员小王（夜班 B）')).toBe(1);

    const staff01 = await userId('staff01');
    expect(await post(admin, '/dps-server/class_manage/exchange/create', { exchangeDate: '2026-05-06', userId: staff01, targetUserId: planner, reason: '家中有事' })).toMatchObject({ resultCode: 1000 });
    expect(await logCount('调班：2026-05-06 王伟（白班 A）↔ 计划员小王（夜班 B）')).toBe(1);
    expect(await post(admin, '/dps-server/class_manage/exchange/create', { exchangeDate: '2026-05-06', userId: planner, targetUserId: await userId('staff02') })).toEqual({
      resultCode: 4009,
      resultMsg: '人员「计划员小王」在 2026-05-06 已有调班记录',
    });
    expect(await post(admin, '/dps-server/class_manage/exchange/create', { exchangeDate: '2026-05-07', userId: staff01, targetUserId: await userId('staff02') })).toEqual({
      resultCode: 4000,
      resultMsg: '调班双方班次相同，无需调班',
    });
    expect(await post(admin, '/dps-server/class_manage/exchange/create', { exchangeDate: '2026-02-30', userId: staff01, targetUserId: planner })).toEqual({ resultCode: 4000, resultMsg: '调班日期格式不正确' });
    expect(await post(admin, '/dps-server/class_manage/exchange/create', { exchangeDate: '2026-05-08', userId: staff01, targetUserId: await userId('noperm') })).toEqual({
      resultCode: 4009,
      resultMsg: '人员「无权限账号」尚未排班，无法调班',
    });
    const exchanges = await data(get<Page<ShiftExchange>>(admin, '/dps-server/class_manage/exchange/list?exchangeDateStart=2026-05-01&exchangeDateEnd=2026-05-31'));
    expect(exchanges.list).toEqual([expect.objectContaining({ exchangeDate: '2026-05-06', nickName: '王伟', className: '白班 A', targetNickName: '计划员小王', targetClassName: '夜班 B', reason: '家中有事' })]);
    // The exchange keeps the shift referenced.
    expect(await data(post(admin, '/dps-server/class_manage/users/delete_batch', { ids: [id] }))).toEqual({ deleted: 1 });
  });

  it('imports class users all or nothing, reporting every bad row', async () => {
    const before = await logCount('导入排班人员');
    const bad = await uploadXlsx(t.app, admin, [
      ['*账号', '*班次', '班组', '备注'],
      ['expiring', '白班 A', '成型一班', ''],
      ['nobody', '白班 A', '', ''],
      ['expiring', '夜班 B', '', ''],
      ['noperm', '晚班', '', ''],
    ]);
    const refused = await data(post<{ imported: number; failures: Array<{ row: number; message: string }>; message: string }>(admin, '/dps-server/class_manage/users/import', { url: bad }));
    expectImportRefused(refused, [
      { row: 3, message: '账号「nobody」不在当前工厂' },
      { row: 4, message: '账号与第2行重复' },
      { row: 5, message: '班次「晚班」不存在' },
    ]);
    expect(await logCount('导入排班人员')).toBe(before);
    const good = await uploadXlsx(t.app, admin, [
      ['账号', '班次', '班组', '备注'],
      ['expiring', '白班 A', '成型一班', ''],
      ['noperm', '夜班 B', '', '临时顶岗'],
    ]);
    expect(await data(post(admin, '/dps-server/class_manage/users/import', { url: good }))).toMatchObject({ imported: 2, failures: [] });
    const listed = await data(get<Page<ClassUser>>(admin, `/dps-server/class_manage/users/list?teamId=${await idOf('class_team', 'name', '成型一班')}&limit=100`));
    expect(listed.list.map((user) => user.userName)).toContain('expiring');
    expect(await logCount('导入排班人员：2人')).toBe(1);
    const template = await t.app.inject({ method: 'GET', url: '/dps-server/class_manage/users/import_template', headers: bearer(admin) });
    expect(template.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('holidays', () => {
  it('adds, updates, pages and removes holidays', async () => {
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/holiday/add', { holidayDate: '2026-12-31', type: 3, holidayName: '年终盘点' }));
    expect(await logCount('新增节假日：2026-12-31 年终盘点（公司休息日）')).toBe(1);
    expect(await post(admin, '/dps-server/holiday/add', { holidayDate: '2026-12-31', type: 1 })).toEqual({ resultCode: 4009, resultMsg: '2026-12-31 已设置节假日' });
    expect(await post(admin, '/dps-server/holiday/add', { holidayDate: '2026-02-30', type: 1 })).toEqual({ resultCode: 4000, resultMsg: '日期格式不正确' });
    expect(await post(admin, '/dps-server/holiday/add', { holidayDate: '2026/12/30', type: 1 })).toEqual({ resultCode: 4000, resultMsg: '日期格式不正确' });
    expect(await post(admin, '/dps-server/holiday/add', { holidayDate: '2026-12-30', type: 4 })).toEqual({ resultCode: 4000, resultMsg: '类型不能大于3' });
    expect(await post(admin, '/dps-server/holiday/add', { type: 1 })).toEqual({ resultCode: 4000, resultMsg: '日期不能为空' });

    const page4 = await data(get<Page<Holiday>>(admin, '/dps-server/holiday/page?page=4&limit=10'));
    expect(page4).toMatchObject({ total: 40, page: 4, limit: 10 });
    expect(page4.list).toHaveLength(10);
    expect(page4.list.at(-1)).toMatchObject({ holidayDate: '2026-12-31' });
    const page1 = await data(get<Page<Holiday>>(admin, '/dps-server/holiday/page?page=1&limit=10&sort=holidayDate,desc'));
    expect(page1.list[0]!.holidayDate).toBe('2026-12-31');
    const workdays = await data(get<Page<Holiday>>(admin, '/dps-server/holiday/page?type=2&limit=100'));
    expect(workdays.list.map((holiday) => holiday.holidayDate)).toEqual(['2026-01-04', '2026-02-14', '2026-02-28', '2026-05-09', '2026-09-20', '2026-10-10']);
    const october = await data(get<Page<Holiday>>(admin, '/dps-server/holiday/page?holidayDateStart=2026-10-01&holidayDateEnd=2026-10-31&limit=100'));
    expect(october.total).toBe(8);
    expect(await get(admin, '/dps-server/holiday/page?holidayDateStart=2026-11-01&holidayDateEnd=2026-10-01')).toEqual({ resultCode: 4000, resultMsg: '日期开始时间不能晚于结束时间' });

    await data(post(admin, '/dps-server/holiday/update', { id, holidayDate: '2026-12-30', type: 3, holidayName: '年终盘点' }));
    expect(await logCount('编辑节假日：2026-12-30 年终盘点（公司休息日）（原 2026-12-31 年终盘点（公司休息日））')).toBe(1);
    expect(await data(post(admin, '/dps-server/holiday/remove', { ids: [id] }))).toEqual({ deleted: 1 });
    expect(await post(admin, '/dps-server/holiday/remove', { ids: [id] })).toEqual({ resultCode: 4004, resultMsg: '节假日不存在' });
    expect((await data(get<Page<Holiday>>(admin, '/dps-server/holiday/page'))).total).toBe(39);
  });

  it('lets only one of two concurrent adds of the same date through', async () => {
    const results = await Promise.all(
      ['盘点一', '盘点二'].map((holidayName) => post<{ id: number }>(admin, '/dps-server/holiday/add', { holidayDate: '2026-12-28', type: 3, holidayName })),
    );
    expect(results.map((result) => result.resultCode).sort()).toEqual([1000, 4009]);
    expect(results.find((result) => result.resultCode === 4009)).toEqual({ resultCode: 4009, resultMsg: '2026-12-28 已设置节假日' });
    const kept = results.find((result) => result.resultCode === 1000)!.resultData!.id;
    expect((await data(get<Page<Holiday>>(admin, '/dps-server/holiday/page?holidayDateStart=2026-12-28&holidayDateEnd=2026-12-28'))).total).toBe(1);
    await data(post(admin, '/dps-server/holiday/remove', { ids: [kept] }));
  });
});

describe('device calendar', () => {
  it('computes the month from shifts and holidays, and follows shift, holiday, plan and override changes', async () => {
    const device = await idOf('device', 'device_no', 'YS-01');
    const before = await month(admin, device);
    expect(before).toMatchObject({ deviceNo: 'YS-01', month: '2026-05' });
    expect(before.days).toHaveLength(31);
    expect(day(before, '2026-05-01')).toMatchObject({ workday: false, holiday: '劳动节', availableMinutes: 0, shifts: [] });
    expect(day(before, '2026-05-06')).toMatchObject({ workday: true, availableMinutes: 1350 });
    expect(day(before, '2026-05-06').shifts.map((shift) => [shift.name, shift.start, shift.end, shift.minutes])).toEqual([
      ['白班 A', '08:00', '20:00', 660],
      ['夜班 B', '20:00', '08:00', 690],
    ]);
    expect(day(before, '2026-05-09')).toMatchObject({ weekday: 6, workday: true, holidayType: 2, availableMinutes: 1350 });
    expect(day(before, '2026-05-10')).toMatchObject({ weekday: 0, workday: false, availableMinutes: 0 });
    // 21 weekdays − 3 weekdays of 劳动节 + the 调休 Saturday.
    expect(before.workdays).toBe(19);
    expect(before.totalMinutes).toBe(19 * 1350);

    // A shift change shows at once: 白班 A loses its afternoon break.
    const dayShift = await idOf('class_time', 'name', '白班 A');
    const dayShiftBody = { id: dayShift, className: '白班 A', classCode: 'A', startTime: '08:00', endTime: '20:00', sort: 2 };
    await data(post(admin, '/dps-server/class_manage/shift/update', { ...dayShiftBody, breaks: [{ start: '12:00', end: '12:30' }] }));
    expect(day(await month(admin, device), '2026-05-06').availableMinutes).toBe(690 + 690);

    // So does a new holiday.
    const { id: holiday } = await data(post<{ id: number }>(admin, '/dps-server/holiday/add', { holidayDate: '2026-05-20', type: 3, holidayName: '设备大修停产' }));
    const withHoliday = await month(admin, device);
    expect(day(withHoliday, '2026-05-20')).toMatchObject({ workday: false, holiday: '设备大修停产', availableMinutes: 0 });
    expect(withHoliday.workdays).toBe(18);

    // Device overrides: down for maintenance on a workday, an extra shift on a Saturday.
    const night = await idOf('class_time', 'name', '夜班 B');
    const { id: down } = await data(post<{ id: number }>(admin, '/dps-server/device_calendar/create', { deviceId: device, date: '2026-05-07', type: 1, remark: '年度保养' }));
    await data(post(admin, '/dps-server/device_calendar/create', { deviceId: device, date: '2026-05-16', type: 2, classTimeId: night }));
    expect(await post(admin, '/dps-server/device_calendar/create', { deviceId: device, date: '2026-05-16', type: 2 })).toEqual({ resultCode: 4000, resultMsg: '加班班次不能为空' });
    expect(await post(admin, '/dps-server/device_calendar/create', { deviceId: device, date: '2026-05-07', type: 1 })).toEqual({ resultCode: 4009, resultMsg: '该设备当天已有相同的日历设置' });
    const withOverrides = await month(admin, device);
    expect(day(withOverrides, '2026-05-07')).toMatchObject({ workday: true, down: true, availableMinutes: 0 });
    expect(day(withOverrides, '2026-05-16')).toMatchObject({ workday: false, availableMinutes: 690 });
    expect(withOverrides.overrides.map((override) => [override.date, override.typeName, override.className, override.remark])).toEqual([
      ['2026-05-07', '停机', '', '年度保养'],
      ['2026-05-16', '加班', '夜班 B', ''],
    ]);
    expect(await logCount('设置设备日历：YS-01 2026-05-07 停机，年度保养')).toBe(1);
    // Another device is untouched.
    const other = await month(admin, await idOf('device', 'device_no', 'YS-02'));
    expect(day(other, '2026-05-07').availableMinutes).toBe(1380);

    // Month plan: this device runs 全天 in May only.
    const fullDay = await idOf('class_time', 'name', '全天');
    expect(await data(get<MonthEffect>(admin, `/dps-server/month_effect/get?deviceId=${device}&month=2026-05`))).toEqual({ deviceId: device, month: '2026-05', classTimeIds: [dayShift, night], custom: false });
    await data(post(admin, '/dps-server/month_effect/save', { deviceId: device, month: '2026-05', classTimeIds: [fullDay] }));
    expect(day(await month(admin, device), '2026-05-06')).toMatchObject({ availableMinutes: 1440, shifts: [expect.objectContaining({ name: '全天' })] });
    expect(day(await month(admin, device, '2026-06'), '2026-06-01').availableMinutes).toBe(1380);
    expect(await logCount('设置设备月度班次：YS-01 2026-05 全天')).toBe(1);
    expect(await post(admin, '/dps-server/class_manage/shift/delete_batch', { ids: [night] })).toMatchObject({ resultCode: 4009 });

    // Undo, so the seeded state stands again.
    await data(post(admin, '/dps-server/month_effect/save', { deviceId: device, month: '2026-05', classTimeIds: [dayShift, night] }));
    await data(post(admin, '/dps-server/device_calendar/delete_batch', { ids: withOverrides.overrides.map((override) => override.id) }));
    await data(post(admin, '/dps-server/holiday/remove', { ids: [holiday] }));
    await data(post(admin, '/dps-server/class_manage/shift/update', { ...dayShiftBody, breaks: [{ start: '12:00', end: '12:30' }, { start: '17:30', end: '18:00' }] }));
    expect((await month(admin, device)).totalMinutes).toBe(before.totalMinutes);
    expect(down).toBeGreaterThan(0);
  });

  it('validates the month query', async () => {
    const device = await idOf('device', 'device_no', 'YS-01');
    expect(await get(admin, `/dps-server/device_calendar/month?deviceId=${device}&month=2026-13`)).toEqual({ resultCode: 4000, resultMsg: '月份格式不正确' });
    expect(await get(admin, '/dps-server/device_calendar/month?month=2026-05')).toEqual({ resultCode: 4000, resultMsg: '设备不能为空' });
    expect(await get(admin, '/dps-server/device_calendar/month?deviceId=999999&month=2026-05')).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
  });
});

describe('tenant isolation and authorities', () => {
  it('keeps each factory to its own shifts, teams, holidays and devices', async () => {
    const cartonShift = await idOf('class_time', 'name', '白班 A');
    const cartonTeam = await idOf('class_team', 'name', '印刷一班');
    const cartonDevice = await idOf('device', 'device_no', 'YS-01');
    expect(await get(boardAdmin, `/dps-server/class_manage/shift/detail/${cartonShift}`)).toEqual({ resultCode: 4004, resultMsg: '班次不存在' });
    expect(await post(boardAdmin, '/dps-server/class_manage/shift/update', { id: cartonShift, className: '偷改', startTime: '08:00', endTime: '20:00' })).toEqual({ resultCode: 4004, resultMsg: '班次不存在' });
    expect(await post(boardAdmin, '/dps-server/class_manage/shift/delete_batch', { ids: [cartonShift] })).toEqual({ resultCode: 4004, resultMsg: '班次不存在' });
    expect(await get(boardAdmin, `/dps-server/basic_class/detail/${cartonTeam}`)).toEqual({ resultCode: 4004, resultMsg: '班组不存在' });
    expect(await get(boardAdmin, `/dps-server/device_calendar/month?deviceId=${cartonDevice}&month=2026-05`)).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
    expect(await post(boardAdmin, '/dps-server/class_manage/users/create', { userId: await userId('planner'), classTimeId: cartonShift })).toEqual({ resultCode: 4004, resultMsg: '班次不存在' });
    const { id } = await data(post<{ id: number }>(boardAdmin, '/dps-server/holiday/add', { holidayDate: '2026-11-11', type: 3, holidayName: '纸板厂检修' }));
    expect((await data(get<Page<Holiday>>(admin, '/dps-server/holiday/page?holidayName=纸板厂'))).total).toBe(0);
    expect(await post(admin, '/dps-server/holiday/remove', { ids: [id] })).toEqual({ resultCode: 4004, resultMsg: '节假日不存在' });
    expect((await data(get<Page<Holiday>>(boardAdmin, '/dps-server/holiday/page?holidayName=纸板厂'))).total).toBe(1);
    expect(await get(admin, '/dps-server/class_manage/shift/list').then((body) => body.resultCode)).toBe(1000);
    const mismatch = await t.app.inject({ method: 'GET', url: '/dps-server/holiday/page', headers: bearer(admin, 9999) });
    expect(mismatch.json()).toEqual({ resultCode: 4003, resultMsg: '无权访问该企业数据' });
  });

  it('requires the page authority to read and the action code to write', async () => {
    const noperm = await loginAs(t.app, 'noperm', 'noperm123');
    const planner = await loginAs(t.app, 'planner', 'planner123');
    for (const token of [noperm, planner]) {
      expect(await get(token, '/dps-server/class_manage/shift/list')).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
      expect(await get(token, '/dps-server/basic_class/list')).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
      expect(await post(token, '/dps-server/holiday/add', { holidayDate: '2026-12-01', type: 3 })).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    }
  });
});
