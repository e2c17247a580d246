import type { Db } from '../../db';
import { DEMO_STAFF_USERNAMES } from '@server/modules/account';

/**
 * Shifts and calendars of the demo factories: 全天 / 白班 A / 夜班 B with breaks, positions,
 * class teams with members from the seeded staff, class users, and the 2026 public holidays of
 * China with their 调休 working days. Runs inside the seed transaction.
 */

const SHIFTS = [
  { name: '全天', code: 'ALL', start: '00:00', end: '24:00', breaks: [], isDefault: false },
  { name: '白班 A', code: 'A', start: '08:00', end: '20:00', breaks: [{ start: '12:00', end: '12:30' }, { start: '17:30', end: '18:00' }], isDefault: true },
  { name: '夜班 B', code: 'B', start: '20:00', end: '08:00', breaks: [{ start: '00:00', end: '00:30' }], isDefault: true },
] as const;

const POSITIONS = ['机长', '副手', '质检员', '叉车工', '操作工'] as const;

interface SeedTeam {
  name: string;
  workshop: string;
  shift: (typeof SHIFTS)[number]['name'];
  /** [username, position] — the first member leads the team. */
  members: Array<[string, (typeof POSITIONS)[number]]>;
}

function staff(from: number, positions: Array<(typeof POSITIONS)[number]>): Array<[string, (typeof POSITIONS)[number]]> {
  return positions.map((position, index) => [DEMO_STAFF_USERNAMES[from + index]!, position]);
}

const CARTON_TEAMS: SeedTeam[] = [
  { name: '印刷一班', workshop: '印刷车间', shift: '白班 A', members: staff(0, ['机长', '副手', '操作工', '质检员', '叉车工']) },
  { name: '印刷二班', workshop: '印刷车间', shift: '夜班 B', members: staff(5, ['机长', '副手', '操作工', '质检员', '叉车工']) },
  { name: '成型一班', workshop: '成型车间', shift: '白班 A', members: staff(10, ['机长', '副手', '操作工', '操作工', '叉车工']) },
  { name: '成型二班', workshop: '成型车间', shift: '夜班 B', members: staff(15, ['机长', '副手', '操作工', '质检员', '叉车工']) },
];

const BOARD_TEAMS: SeedTeam[] = [
  { name: '瓦线甲班', workshop: '瓦线车间', shift: '白班 A', members: [['planner', '机长']] },
  { name: '瓦线乙班', workshop: '瓦线车间', shift: '夜班 B', members: [] },
  { name: '瓦线丙班', workshop: '瓦线车间', shift: '白班 A', members: [] },
];

/** 2026 public holidays (State Council schedule): [first day, days, name] and 调休 working days. */
const HOLIDAYS_2026: Array<[string, number, string]> = [
  ['2026-01-01', 3, '元旦'],
  ['2026-02-15', 9, '春节'],
  ['2026-04-04', 3, '清明节'],
  ['2026-05-01', 5, '劳动节'],
  ['2026-06-19', 3, '端午节'],
  ['2026-09-25', 3, '中秋节'],
  ['2026-10-01', 7, '国庆节'],
];
const WORKDAYS_2026: Array<[string, string]> = [
  ['2026-01-04', '元旦调休上班'],
  ['2026-02-14', '春节调休上班'],
  ['2026-02-28', '春节调休上班'],
  ['2026-05-09', '劳动节调休上班'],
  ['2026-09-20', '国庆节调休上班'],
  ['2026-10-10', '国庆节调休上班'],
];

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export function holidays2026(): Array<{ date: string; type: 1 | 2; name: string }> {
  return [
    ...HOLIDAYS_2026.flatMap(([first, days, name]) => Array.from({ length: days }, (_, index) => ({ date: addDays(first, index), type: 1 as const, name }))),
    ...WORKDAYS_2026.map(([date, name]) => ({ date, type: 2 as const, name })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

async function seedFactory(trx: Db, enterpriseId: number, orgId: number, teams: SeedTeam[]): Promise<void> {
  const base = { enterprise_id: enterpriseId, org_id: orgId };
  const shiftRows = await trx
    .insertInto('class_time')
    .values(
      SHIFTS.map((shift, index) => ({
        ...base,
        name: shift.name,
        code: shift.code,
        start_time: shift.start,
        end_time: shift.end,
        breaks: JSON.stringify(shift.breaks),
        is_default: shift.isDefault,
        sort: index + 1,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const shiftId = new Map(shiftRows.map((row) => [row.name, row.id]));
  const positionRows = await trx
    .insertInto('employee_position')
    .values(POSITIONS.map((name, index) => ({ ...base, name, sort: index + 1 })))
    .returning(['id', 'name'])
    .execute();
  const positionId = new Map(positionRows.map((row) => [row.name, row.id]));
  const workshops = await trx.selectFrom('workshop').select(['id', 'name']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).execute();
  const workshopId = new Map(workshops.map((row) => [row.name, row.id]));
  const usernames = teams.flatMap((team) => team.members.map(([username]) => username));
  const users = usernames.length === 0 ? [] : await trx.selectFrom('app_user').select(['id', 'username']).where('enterprise_id', '=', enterpriseId).where('username', 'in', usernames).execute();
  const userId = new Map(users.map((row) => [row.username, row.id]));

  for (const [index, team] of teams.entries()) {
    const members = team.members.filter(([username]) => userId.has(username));
    const { id } = await trx
      .insertInto('class_team')
      .values({
        ...base,
        name: team.name,
        workshop_id: workshopId.get(team.workshop) ?? null,
        leader_user_id: members[0] ? userId.get(members[0][0])! : null,
        sort: index + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (members.length === 0) continue;
    await trx
      .insertInto('class_team_member')
      .values(members.map(([username, position]) => ({ team_id: id, user_id: userId.get(username)!, position_id: positionId.get(position)! })))
      .execute();
    await trx
      .insertInto('class_user')
      .values(members.map(([username]) => ({ ...base, user_id: userId.get(username)!, class_time_id: shiftId.get(team.shift)!, team_id: id })))
      .execute();
  }
  await trx
    .insertInto('holiday')
    .values(holidays2026().map((holiday) => ({ ...base, holiday_date: holiday.date, type: holiday.type, name: holiday.name })))
    .execute();
}

/** Seeds both demo factories (after the master data: teams refer to workshops). */
export async function seedShiftsDemo(trx: Db, enterpriseId: number, cartonOrgId: number, boardOrgId: number): Promise<void> {
  await seedFactory(trx, enterpriseId, cartonOrgId, CARTON_TEAMS);
  await seedFactory(trx, enterpriseId, boardOrgId, BOARD_TEAMS);
}
