import type { Db } from '../../db';

/** process code → bad phenomena (不良现象) operators pick when reporting defects. */
const BAD_REASONS: Array<[string, string[]]> = [
  ['ZB01', ['纸板翘曲', '脱胶起泡', '楞型倒伏', '纸板含水率超标']],
  ['YS01', ['色差', '套印不准', '糊版', '漏印', '墨杠', '开槽偏位']],
  ['YS02', ['压线爆裂', '模切不断']],
  ['MQ01', ['模切毛边', '刀位偏移', '压痕过深']],
  ['MQ02', ['模切毛边', '压线爆裂']],
  ['CX01', ['糊口开胶', '糊口歪斜', '溢胶', '剪刀差']],
  ['CX02', ['钉距不均', '钉脚未合']],
];

/** machine code, name, IP, device nos. */
const MACHINES: Array<[string, string, string, string[]]> = [
  ['YTJ-01', '印刷车间一体机', '192.168.10.21', ['YS-01', 'YS-02', 'YS-03']],
  ['YTJ-02', '成型车间一体机', '192.168.10.22', ['MQ-01', 'MQ-02', 'HX-01']],
];

/**
 * IC cards (some bound to staff, some spare), two all-in-one machines and about twenty-five bad
 * phenomena per factory; runs after the modeling and account seeds.
 */
export async function seedShopFloorDemo(trx: Db, enterpriseId: number, orgIds: number[]): Promise<void> {
  for (const [factoryIndex, orgId] of orgIds.entries()) {
    const base = { enterprise_id: enterpriseId, org_id: orgId };
    const processes = await trx.selectFrom('process').select(['id', 'code']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).execute();
    const processId = new Map(processes.map((row) => [row.code, row.id]));
    let code = 0;
    const reasons = BAD_REASONS.flatMap(([process, names]) =>
      processId.has(process)
        ? names.map((name) => {
            code += 1;
            return { ...base, reason_code: `BL${String(code).padStart(3, '0')}`, reason_name: name, process_id: processId.get(process)!, sort: code };
          })
        : [],
    );
    if (reasons.length > 0) await trx.insertInto('bad_phenomenon').values(reasons).execute();

    const devices = await trx.selectFrom('device').select(['id', 'device_no']).where('enterprise_id', '=', enterpriseId).where('org_id', '=', orgId).execute();
    const deviceId = new Map(devices.map((row) => [row.device_no, row.id]));
    for (const [machineCode, name, ip, deviceNos] of MACHINES) {
      const { id } = await trx
        .insertInto('work_machine')
        .values({ ...base, machine_code: machineCode, machine_name: name, ip: ip.replace(/\.10\./, `.${10 + factoryIndex}.`) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const bound = deviceNos.filter((no) => deviceId.has(no));
      if (bound.length > 0) {
        await trx
          .insertInto('work_machine_device')
          .values(bound.map((no, index) => ({ work_machine_id: id, device_id: deviceId.get(no)!, seq: index + 1 })))
          .execute();
      }
    }

    const staff = await trx
      .selectFrom('user_org as uo')
      .innerJoin('app_user as u', 'u.id', 'uo.user_id')
      .select('u.id')
      .where('uo.enterprise_id', '=', enterpriseId)
      .where('uo.org_id', '=', orgId)
      .where('u.username', 'not in', ['admin', 'noperm', 'expiring'])
      .orderBy('u.id')
      .limit(8)
      .execute();
    const prefix = factoryIndex === 0 ? 'A1' : 'B2';
    const cards = Array.from({ length: staff.length + 3 }, (_, index) => ({
      ...base,
      card_no: `${prefix}${String(3_000_101 + index).padStart(8, '0')}`,
      user_id: staff[index]?.id ?? null,
      bound_at: staff[index] ? new Date() : null,
    }));
    await trx.insertInto('ic_card').values(cards).execute();
  }
}
