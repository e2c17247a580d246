import type { Db } from '../../db';
import type { Scope } from '../../plugins/auth';
import { bulkInsertProducts } from './product.service';

/**
 * Believable master data for a demo factory (DOMAIN.md): three workshops, a device-type tree,
 * twenty machines from a 2.5 m corrugator to strappers with theoretical speeds and spare parts,
 * fifteen processes in four groups, twelve process flows (three of them made for one product,
 * 产品专用) and 300 products for 30 customers.
 * Every table is written with one bulk statement so the first start stays quick.
 */

const WORKSHOPS = [
  { key: 'corrugator', name: '瓦线车间', code: 'WX' },
  { key: 'printing', name: '印刷车间', code: 'YS' },
  { key: 'forming', name: '成型车间', code: 'CX' },
] as const;
type WorkshopKey = (typeof WORKSHOPS)[number]['key'];

const DEVICE_TYPES: Array<{ code: string; name: string; parent?: string }> = [
  { code: 'PROD', name: '生产设备' },
  { code: 'CORR', name: '瓦楞纸板生产线', parent: 'PROD' },
  { code: 'SLIT', name: '分纸压线机', parent: 'PROD' },
  { code: 'PRINT', name: '印刷开槽机', parent: 'PROD' },
  { code: 'DIE', name: '模切机', parent: 'PROD' },
  { code: 'DIE_ROT', name: '圆压圆模切机', parent: 'DIE' },
  { code: 'DIE_FLAT', name: '平压平模切机', parent: 'DIE' },
  { code: 'STRIP', name: '清废机', parent: 'PROD' },
  { code: 'GLUE', name: '糊箱机', parent: 'PROD' },
  { code: 'STITCH', name: '钉箱机', parent: 'PROD' },
  { code: 'STRAP', name: '打包机', parent: 'PROD' },
  { code: 'AUX', name: '辅助设备' },
  { code: 'FORK', name: '叉车', parent: 'AUX' },
  { code: 'AIR', name: '空压机', parent: 'AUX' },
  { code: 'BOILER', name: '蒸汽锅炉', parent: 'AUX' },
];

const GROUPS = ['纸板工序', '印刷工序', '成型工序', '包装工序'] as const;

/** code, name, group, prepare minutes, unit. */
const PROCESSES: Array<[string, string, (typeof GROUPS)[number], number, string]> = [
  ['ZB01', '瓦线生产', '纸板工序', 15, '米'],
  ['ZB02', '分纸压线', '纸板工序', 10, '张'],
  ['YS01', '水印开槽', '印刷工序', 30, '张'],
  ['YS02', '印刷开槽模切', '印刷工序', 40, '张'],
  ['YS03', '胶印裱纸', '印刷工序', 45, '张'],
  ['YS04', '单色印刷', '印刷工序', 20, '张'],
  ['MQ01', '圆压圆模切', '成型工序', 35, '张'],
  ['MQ02', '平压平模切', '成型工序', 40, '张'],
  ['MQ03', '清废', '成型工序', 10, '张'],
  ['CX01', '糊箱', '成型工序', 15, '个'],
  ['CX02', '钉箱', '成型工序', 10, '个'],
  ['CX03', '开槽', '成型工序', 15, '张'],
  ['CX04', '压线', '成型工序', 10, '张'],
  ['BZ01', '打包', '包装工序', 5, '捆'],
  ['BZ02', '检验入库', '包装工序', 0, '个'],
];

/** Setup waste (sheets) and running waste (%) by process family: printing wastes most, packing nothing. */
const PROCESS_WASTE: Record<string, [number, number]> = { ZB: [15, 1], YS: [30, 1.5], MQ: [20, 1], CX: [10, 0.5] };

interface SeedDevice {
  no: string;
  name: string;
  type: string;
  workshop: WorkshopKey;
  use: number;
  brand: string;
  model: string;
  status: number;
  /** process code → [speed, unit] */
  speeds: Array<[string, number, string]>;
  parts?: Array<[string, string, string, number, string]>;
}

const DEVICES: SeedDevice[] = [
  {
    no: 'WX-01', name: '2500型五层瓦楞纸板生产线', type: 'CORR', workshop: 'corrugator', use: 1, brand: 'BHS', model: 'Corrugator 2500', status: 3,
    speeds: [['ZB01', 250, '米/分钟']],
    parts: [['BJ-WX-001', '瓦楞辊（C楞）', 'Φ380×2500', 1, '根'], ['BJ-WX-002', '预热缸轴承', 'SKF 22220', 4, '个'], ['BJ-WX-003', '横切刀片', '2500mm', 2, '把']],
  },
  { no: 'FQ-01', name: '电脑分纸压线机', type: 'SLIT', workshop: 'corrugator', use: 1, brand: '京山轻机', model: 'JS-FY2500', status: 1, speeds: [['ZB02', 9000, '张/小时']] },
  {
    no: 'YS-01', name: '四色高速水墨印刷开槽机', type: 'PRINT', workshop: 'printing', use: 1, brand: '东方机械', model: 'DF-1224', status: 3,
    speeds: [['YS01', 12000, '张/小时'], ['CX03', 12000, '张/小时']],
    parts: [['BJ-YS-001', '陶瓷网纹辊', '250线', 1, '根'], ['BJ-YS-002', '开槽刀', '7mm', 8, '把']],
  },
  {
    no: 'YS-02', name: '四色印刷开槽模切机', type: 'PRINT', workshop: 'printing', use: 1, brand: '东方机械', model: 'DF-1628', status: 3,
    speeds: [['YS01', 10000, '张/小时'], ['YS02', 9000, '张/小时']],
  },
  { no: 'YS-03', name: '双色印刷开槽机', type: 'PRINT', workshop: 'printing', use: 1, brand: '广东万联', model: 'WL-920', status: 2, speeds: [['YS01', 8000, '张/小时'], ['YS04', 8000, '张/小时']] },
  {
    no: 'YS-04', name: '五色印刷开槽模切粘箱联动线', type: 'PRINT', workshop: 'printing', use: 1, brand: '东方机械', model: 'DF-FFG1425', status: 3,
    speeds: [['YS01', 13000, '张/小时'], ['YS02', 11000, '张/小时'], ['CX01', 11000, '个/小时']],
  },
  { no: 'YS-05', name: '单色印刷机', type: 'PRINT', workshop: 'printing', use: 1, brand: '沧州鹏程', model: 'PC-1600', status: 5, speeds: [['YS04', 5000, '张/小时']] },
  { no: 'YS-06', name: '胶印裱纸机', type: 'PRINT', workshop: 'printing', use: 1, brand: '海德堡', model: 'SM 102', status: 1, speeds: [['YS03', 6000, '张/小时']] },
  {
    no: 'MQ-01', name: '圆压圆模切机', type: 'DIE_ROT', workshop: 'forming', use: 1, brand: '东方机械', model: 'DF-RD1628', status: 3,
    speeds: [['MQ01', 9000, '张/小时']],
    parts: [['BJ-MQ-001', '模切胶垫', '聚氨酯 1628mm', 6, '条']],
  },
  {
    no: 'MQ-02', name: '平压平全自动模切机', type: 'DIE_FLAT', workshop: 'forming', use: 1, brand: '博斯特', model: 'SPO 1600', status: 3,
    speeds: [['MQ02', 4500, '张/小时']],
    parts: [['BJ-MQ-002', '钢刀模切刀', '23.8mm', 20, '米']],
  },
  { no: 'MQ-03', name: '半自动平压模切机', type: 'DIE_FLAT', workshop: 'forming', use: 1, brand: '温州正博', model: 'ZB-1300', status: 1, speeds: [['MQ02', 1800, '张/小时']] },
  { no: 'QF-01', name: '半自动清废机', type: 'STRIP', workshop: 'forming', use: 1, brand: '温州正博', model: 'QF-1300', status: 1, speeds: [['MQ03', 3000, '张/小时']] },
  {
    no: 'HX-01', name: '全自动高速糊箱机', type: 'GLUE', workshop: 'forming', use: 1, brand: '东方机械', model: 'DF-GL2800', status: 3,
    speeds: [['CX01', 15000, '个/小时']],
    parts: [['BJ-HX-001', '输送皮带', '2800×60mm', 4, '条']],
  },
  { no: 'HX-02', name: '半自动糊箱机', type: 'GLUE', workshop: 'forming', use: 1, brand: '沧州鹏程', model: 'PC-2400', status: 4, speeds: [['CX01', 4000, '个/小时']] },
  { no: 'DX-01', name: '半自动双片钉箱机', type: 'STITCH', workshop: 'forming', use: 1, brand: '沧州鹏程', model: 'PC-DX2800', status: 3, speeds: [['CX02', 1200, '个/小时']] },
  { no: 'DX-02', name: '全自动高速钉箱机', type: 'STITCH', workshop: 'forming', use: 1, brand: '东方机械', model: 'DF-SW2600', status: 6, speeds: [['CX02', 3600, '个/小时']] },
  { no: 'DB-01', name: '全自动打包机', type: 'STRAP', workshop: 'forming', use: 1, brand: '信诚', model: 'XC-101A', status: 3, speeds: [['BZ01', 900, '捆/小时']], parts: [['BJ-DB-001', 'PP打包带', '12mm', 30, '卷']] },
  { no: 'DB-02', name: '半自动打包机', type: 'STRAP', workshop: 'forming', use: 1, brand: '信诚', model: 'XC-202', status: 1, speeds: [['BZ01', 300, '捆/小时']] },
  { no: 'CC-01', name: '3吨电动叉车', type: 'FORK', workshop: 'forming', use: 2, brand: '杭叉', model: 'CPD30', status: 2, speeds: [] },
  { no: 'GL-01', name: '燃气蒸汽锅炉', type: 'BOILER', workshop: 'corrugator', use: 2, brand: '中正锅炉', model: 'WNS4-1.25', status: 3, speeds: [] },
  { no: 'KY-01', name: '螺杆空压机', type: 'AIR', workshop: 'corrugator', use: 2, brand: '阿特拉斯·科普柯', model: 'GA37', status: 3, speeds: [] },
];

/**
 * code, name, steps as [process code, default device no]; `owner` makes the flow 产品专用 for the
 * first product of that item.
 */
const FLOWS: Array<{ code: string; name: string; steps: Array<[string, string | null]>; owner?: string }> = [
  { code: 'GY01', name: '开槽粘箱', steps: [['ZB01', 'WX-01'], ['YS01', 'YS-01'], ['CX01', 'HX-01'], ['BZ01', 'DB-01']] },
  { code: 'GY02', name: '开槽钉箱', steps: [['ZB01', 'WX-01'], ['YS01', 'YS-03'], ['CX02', 'DX-01'], ['BZ01', 'DB-01']] },
  { code: 'GY03', name: '印刷模切粘箱', steps: [['ZB01', 'WX-01'], ['YS01', 'YS-02'], ['MQ01', 'MQ-01'], ['CX01', 'HX-01'], ['BZ01', 'DB-01']] },
  { code: 'GY04', name: '联动线一次成型', steps: [['ZB01', 'WX-01'], ['YS02', 'YS-04'], ['BZ01', 'DB-01']] },
  { code: 'GY05', name: '彩印裱纸模切', steps: [['ZB01', 'WX-01'], ['YS03', 'YS-06'], ['MQ02', 'MQ-02'], ['MQ03', 'QF-01'], ['CX01', 'HX-01'], ['BZ01', 'DB-01']] },
  { code: 'GY06', name: '纸板直销', steps: [['ZB01', 'WX-01'], ['ZB02', 'FQ-01'], ['BZ01', 'DB-02']] },
  { code: 'GY07', name: '外购纸板开槽粘箱', steps: [['YS01', 'YS-01'], ['CX01', 'HX-02'], ['BZ01', 'DB-01']] },
  { code: 'GY08', name: '印刷圆压模切', steps: [['ZB01', 'WX-01'], ['YS04', 'YS-03'], ['MQ01', 'MQ-01'], ['BZ01', 'DB-02']] },
  { code: 'GY09', name: '无印刷开槽钉箱', steps: [['ZB01', 'WX-01'], ['CX03', null], ['CX04', null], ['CX02', 'DX-01'], ['BZ01', 'DB-02']] },
  { code: 'GY10', name: '开槽粘箱（出口检验）', owner: '出口箱', steps: [['ZB01', 'WX-01'], ['YS01', 'YS-01'], ['CX01', 'HX-01'], ['BZ02', null], ['BZ01', 'DB-01']] },
  { code: 'GY11', name: '礼盒裱纸模切（专用）', owner: '礼盒', steps: [['ZB01', 'WX-01'], ['YS03', 'YS-06'], ['MQ02', 'MQ-02'], ['MQ03', 'QF-01'], ['CX01', 'HX-02'], ['BZ02', null], ['BZ01', 'DB-02']] },
  { code: 'GY12', name: '天地盖模切检验（专用）', owner: '天地盖', steps: [['ZB01', 'WX-01'], ['YS04', 'YS-03'], ['MQ02', 'MQ-03'], ['MQ03', 'QF-01'], ['BZ02', null], ['BZ01', 'DB-02']] },
];

const CLASSIFIES: Array<{ name: string; parent?: string }> = [
  { name: '纸箱' },
  { name: '普通开槽箱', parent: '纸箱' },
  { name: '模切箱', parent: '纸箱' },
  { name: '彩印箱', parent: '纸箱' },
  { name: '纸板' },
  { name: '配件' },
];

const CUSTOMERS = [
  '华南家电有限公司', '粤佳食品有限公司', '青山乳业股份有限公司', '金盾五金制品厂', '海川电子科技有限公司',
  '绿源果业合作社', '恒泰陶瓷有限公司', '百味调味品有限公司', '星辰玩具有限公司', '康宁医疗器械有限公司',
  '南方啤酒有限公司', '嘉禾日化有限公司', '博远家具有限公司', '立信照明电器有限公司', '优品电商供应链有限公司',
  '中顺纸业贸易有限公司', '宏发汽车配件有限公司', '天润饮料有限公司', '福满堂月饼食品厂', '晨光文具制品有限公司',
  '万和厨卫电器有限公司', '德力玻璃制品有限公司', '顺丰达物流包装有限公司', '东海水产冷冻食品有限公司', '宜家美家居用品有限公司',
  '新锐智能设备有限公司', '瑞丰农资有限公司', '金麦烘焙食品有限公司', '永盛鞋业有限公司', '华美化妆品有限公司',
];

/** product name, classify, box style, flow, typical inner size [L, W, H], flute, colours. */
const ITEMS: Array<{ item: string; classify: string; box: string; flow: string; size: [number, number, number]; flute: string; colors: number }> = [
  { item: '外箱', classify: '普通开槽箱', box: '0201', flow: 'GY01', size: [450, 320, 280], flute: 'BC', colors: 2 },
  { item: '中箱', classify: '普通开槽箱', box: '0201', flow: 'GY01', size: [360, 260, 220], flute: 'C', colors: 2 },
  { item: '小箱', classify: '普通开槽箱', box: '0201', flow: 'GY07', size: [240, 180, 150], flute: 'B', colors: 1 },
  { item: '钉箱', classify: '普通开槽箱', box: '0201', flow: 'GY02', size: [600, 400, 400], flute: 'BC', colors: 1 },
  { item: '出口箱', classify: '普通开槽箱', box: '0201', flow: 'GY01', size: [520, 380, 300], flute: 'BC', colors: 3 },
  { item: '飞机盒', classify: '模切箱', box: '0427', flow: 'GY04', size: [300, 220, 80], flute: 'E', colors: 2 },
  { item: '天地盖', classify: '模切箱', box: '0320', flow: 'GY03', size: [350, 250, 120], flute: 'B', colors: 2 },
  { item: '彩盒', classify: '彩印箱', box: '0216', flow: 'GY05', size: [280, 200, 180], flute: 'E', colors: 4 },
  { item: '礼盒', classify: '彩印箱', box: '0711', flow: 'GY05', size: [400, 300, 150], flute: 'E', colors: 4 },
  { item: '刀卡', classify: '配件', box: '0933', flow: 'GY08', size: [440, 310, 0], flute: 'B', colors: 0 },
  { item: '隔板', classify: '配件', box: '0900', flow: 'GY09', size: [440, 300, 0], flute: 'C', colors: 0 },
  { item: '纸板', classify: '纸板', box: '', flow: 'GY06', size: [1200, 800, 0], flute: 'C', colors: 0 },
];

const BOARD_CODES: Record<string, string[]> = {
  B: ['K200-B120-K200', 'A170-B120-A170'],
  C: ['K250-C140-K250', 'A200-C120-A200'],
  E: ['W250-E120-K200', 'K200-E110-K200'],
  BC: ['K250-B120-C120-C140-K250', 'A200-B110-C110-C120-A200'],
};

/** Deterministic pseudo-random numbers: the demo looks the same on every start. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seedFactory(trx: Db, scope: Scope, productPrefix: string, random: () => number): Promise<void> {
  const base = { enterprise_id: scope.enterpriseId, org_id: scope.orgId };

  const workshopRows = await trx
    .insertInto('workshop')
    .values(WORKSHOPS.map((workshop, index) => ({ ...base, name: workshop.name, code: workshop.code, sort: index + 1 })))
    .returning(['id', 'code'])
    .execute();
  const workshopId = new Map(workshopRows.map((row) => [WORKSHOPS.find((workshop) => workshop.code === row.code)!.key, row.id]));

  const typeId = new Map<string, number>();
  const depthOf = (code: string): number => {
    const parent = DEVICE_TYPES.find((type) => type.code === code)?.parent;
    return parent ? depthOf(parent) + 1 : 0;
  };
  for (let depth = 0; ; depth += 1) {
    const level = DEVICE_TYPES.filter((type) => depthOf(type.code) === depth);
    if (level.length === 0) break;
    const rows = await trx
      .insertInto('device_type')
      .values(level.map((type) => ({ ...base, code: type.code, name: type.name, parent_id: type.parent ? typeId.get(type.parent)! : null, sort: DEVICE_TYPES.indexOf(type) })))
      .returning(['id', 'code'])
      .execute();
    rows.forEach((row) => typeId.set(row.code, row.id));
  }

  const groupRows = await trx
    .insertInto('process_group')
    .values(GROUPS.map((name, index) => ({ ...base, name, sort: index + 1 })))
    .returning(['id', 'name'])
    .execute();
  const groupId = new Map(groupRows.map((row) => [row.name, row.id]));
  const processRows = await trx
    .insertInto('process')
    .values(
      PROCESSES.map(([code, name, group, prepare, unit], index) => ({
        ...base,
        code,
        name,
        process_group_id: groupId.get(group)!,
        prepare_minutes: prepare,
        quantity_unit: unit,
        over_report_percent: code.startsWith('ZB') ? 3 : 5,
        report_by_previous: index > 0 && !code.startsWith('ZB'),
        require_first_check: code.startsWith('YS') || code.startsWith('MQ'),
        setup_waste_qty: PROCESS_WASTE[code.slice(0, 2)]?.[0] ?? 0,
        running_waste_percent: PROCESS_WASTE[code.slice(0, 2)]?.[1] ?? 0,
        sort: index + 1,
      })),
    )
    .returning(['id', 'code'])
    .execute();
  const processId = new Map(processRows.map((row) => [row.code, row.id]));

  const deviceRows = await trx
    .insertInto('device')
    .values(
      DEVICES.map((device) => ({
        ...base,
        device_no: device.no,
        name: device.name,
        device_type_id: typeId.get(device.type)!,
        workshop_id: workshopId.get(device.workshop)!,
        device_use: device.use,
        brand: device.brand,
        model: device.model,
        status: device.status,
      })),
    )
    .returning(['id', 'device_no'])
    .execute();
  const deviceId = new Map(deviceRows.map((row) => [row.device_no, row.id]));
  const speeds = DEVICES.flatMap((device) =>
    device.speeds.map(([process, speed, unit]) => ({ device_id: deviceId.get(device.no)!, process_id: processId.get(process)!, speed, unit })),
  );
  await trx.insertInto('device_speed').values(speeds).execute();
  const parts = DEVICES.flatMap((device) =>
    (device.parts ?? []).map(([partNo, name, spec, quantity, unit]) => ({ device_id: deviceId.get(device.no)!, part_no: partNo, name, spec, quantity, unit })),
  );
  await trx.insertInto('device_spare_part').values(parts).execute();

  const flowRows = await trx
    .insertInto('process_flow')
    .values(FLOWS.map((flow) => ({ ...base, code: flow.code, name: flow.name, is_template: true })))
    .returning(['id', 'code'])
    .execute();
  const flowId = new Map(flowRows.map((row) => [row.code, row.id]));
  await trx
    .insertInto('process_flow_step')
    .values(
      FLOWS.flatMap((flow) =>
        flow.steps.map(([process, device], index) => ({
          flow_id: flowId.get(flow.code)!,
          seq: index + 1,
          process_id: processId.get(process)!,
          default_device_id: device ? deviceId.get(device)! : null,
        })),
      ),
    )
    .execute();

  const classifyId = new Map<string, number>();
  for (const level of [CLASSIFIES.filter((entry) => !entry.parent), CLASSIFIES.filter((entry) => entry.parent)]) {
    const rows = await trx
      .insertInto('product_classify')
      .values(level.map((entry) => ({ ...base, name: entry.name, parent_id: entry.parent ? classifyId.get(entry.parent)! : null, sort: CLASSIFIES.indexOf(entry) })))
      .returning(['id', 'name'])
      .execute();
    rows.forEach((row) => classifyId.set(row.name, row.id));
  }

  const round10 = (value: number) => Math.max(10, Math.round(value / 10) * 10);
  const itemOf: string[] = [];
  const products = Array.from({ length: 300 }, (_, index) => {
    const customer = CUSTOMERS[index % CUSTOMERS.length]!;
    const item = ITEMS[Math.floor(random() * ITEMS.length)]!;
    itemOf.push(item.item);
    const scale = 0.7 + random() * 0.7;
    const boardCodes = BOARD_CODES[item.flute]!;
    const short = customer.replace(/(股份)?有限公司|合作社|厂$/g, '').slice(0, 4);
    return {
      product_no: `${productPrefix}${String(index + 1).padStart(5, '0')}`,
      name: `${short}${item.item}${Math.floor(index / CUSTOMERS.length) + 1}号`,
      customer_name: customer,
      classify_id: classifyId.get(item.classify)!,
      box_style: item.box,
      length_mm: round10(item.size[0] * scale),
      width_mm: round10(item.size[1] * scale),
      height_mm: item.size[2] === 0 ? 0 : round10(item.size[2] * scale),
      board_code: boardCodes[Math.floor(random() * boardCodes.length)]!,
      flute: item.flute,
      colors: item.colors,
      process_flow_id: flowId.get(item.flow)!,
      remark: '',
    };
  });
  await bulkInsertProducts(trx, scope, products);

  for (const flow of FLOWS.filter((entry) => entry.owner)) {
    const index = itemOf.indexOf(flow.owner!);
    if (index < 0) continue;
    const { id: productId } = await trx
      .selectFrom('product')
      .select('id')
      .where('enterprise_id', '=', scope.enterpriseId)
      .where('org_id', '=', scope.orgId)
      .where('product_no', '=', products[index]!.product_no)
      .executeTakeFirstOrThrow();
    const id = flowId.get(flow.code)!;
    await trx.updateTable('process_flow').set({ is_template: false, product_id: productId }).where('id', '=', id).execute();
    await trx.updateTable('product').set({ process_flow_id: id }).where('id', '=', productId).execute();
  }
}

/** Seeds the master data of both demo factories (inside the seed transaction). */
export async function seedModelingDemo(trx: Db, enterpriseId: number, factories: Array<{ orgId: number; productPrefix: string }>): Promise<void> {
  for (const [index, factory] of factories.entries()) {
    await seedFactory(trx, { enterpriseId, orgId: factory.orgId, userId: 0 }, factory.productPrefix, sequence(20_261_123 + index));
  }
}
