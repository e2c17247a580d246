import { DEFAULT_ENTERPRISE_CONFIG, DEFAULT_SCHEDULE_CONFIG } from '@core/contracts/sys-cfg';
import type { Db } from '../../db';

const DICTS: Array<[string, string, Array<[string, string]>]> = [
  ['box_style', '箱型', [['0201', '普通开槽箱'], ['0427', '飞机盒'], ['0320', '天地盖'], ['0216', '彩盒'], ['0711', '礼盒'], ['0900', '隔板/刀卡']]],
  ['print_type', '印刷方式', [['flexo', '水印'], ['offset', '胶印'], ['digital', '数码印刷'], ['none', '无印刷']]],
  ['customer_level', '客户等级', [['A', '战略客户'], ['B', '重点客户'], ['C', '普通客户']]],
];

/** An enterprise config, a schedule config and a few dictionaries per demo factory. */
export async function seedEnterpriseConfigDemo(trx: Db, enterpriseId: number, factories: Array<{ orgId: number; board: boolean }>): Promise<void> {
  for (const { orgId, board } of factories) {
    const base = { enterprise_id: enterpriseId, org_id: orgId };
    const enterprise = {
      ...DEFAULT_ENTERPRISE_CONFIG,
      orderTemplate: { orderNoPrefix: board ? 'BO' : 'SO', defaultDeliveryDays: board ? 3 : 7, orderFields: ['客户订单号', '交货地址'] },
      reportQuantityConfig: { overReportTolerancePercent: board ? 3 : 5, defectCountsAsOutput: false },
    };
    await trx.insertInto('enterprise_config').values({ ...base, config: JSON.stringify(enterprise) }).execute();
    // The corrugator runs around the clock in the board plant; the carton plant works its shifts.
    const schedule = { ...DEFAULT_SCHEDULE_CONFIG, calendarSource: board ? 'all_day' : 'shift_calendar', defaultEfficiencyPercent: board ? 80 : 85 };
    await trx.insertInto('schedule_config').values({ ...base, config: JSON.stringify(schedule) }).execute();
    for (const [dictType, dictName, items] of DICTS) {
      const { id } = await trx.insertInto('dict_type').values({ ...base, dict_type: dictType, dict_name: dictName }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('dict_item')
        .values(items.map(([code, label], index) => ({ dict_type_id: id, item_code: code, item_label: label, sort: index + 1 })))
        .execute();
    }
  }
}
