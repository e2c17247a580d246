import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import type { Device, DeviceDetail, DeviceTypeNode, Process, Product, ProductClassifyNode, WorkFlow, WorkFlowDetail, Workshop } from '@core/contracts/modeling';
import { bearer, expectImportRefused, loginAs, rowId, sheetRows, type TestApp, uploadXlsx, useTwoFactoryApp } from '../../test-support';
import { multipart, PNG_1X1 } from '../../test-multipart';
import { guardUnique } from './common';

let t: TestApp;
/** admin in 示例纸箱厂 (1001) */
let admin: string;
/** admin switched to 示例纸板厂 (1002) */
let boardAdmin: string;

type Page<T> = PageResult<T>;

const { get, post, data, logCount } = useTwoFactoryApp((env) => ({ t, admin, boardAdmin } = env));

const idOf = (table: 'process' | 'device' | 'workshop' | 'process_flow' | 'device_type', column: 'code' | 'device_no' | 'name', value: string, orgId = 1001) => rowId(t.db, table, column, value, orgId);
async function upload(token: string, filename: string, content: Buffer, type: '0' | '1'): Promise<string> {
  const body = multipart({ type }, [{ filename, content }]);
  const response = await t.app.inject({ method: 'POST', url: '/file/api/v2/upload', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  return response.json().resultData.url;
}

describe('seeded master data', () => {
  it('gives each demo factory workshops, devices, processes, flows and 300 products for 30 customers', async () => {
    for (const token of [admin, boardAdmin]) {
      const workshops = await data(get<Page<Workshop>>(token, '/dps-server/workshop/list?limit=100'));
      expect(workshops.list.map((workshop) => workshop.workshopName)).toEqual(['瓦线车间', '印刷车间', '成型车间']);
      const devices = await data(get<Page<Device>>(token, '/dps-server/device/list?limit=100'));
      expect(devices.total).toBeGreaterThanOrEqual(20);
      expect(devices.list.find((device) => device.deviceNo === 'WX-01')).toMatchObject({ brand: 'BHS', workshopName: '瓦线车间', deviceUse: 1 });
      expect((await data(get<Page<Process>>(token, '/dps-server/process/list?limit=100'))).total).toBe(15);
      expect((await data(get<Page<WorkFlow>>(token, '/dps-server/work_flow/list?limit=100'))).total).toBe(12);
      const products = await data(get<Page<Product>>(token, '/dps-server/product/list?limit=1000'));
      expect(products.total).toBe(300);
      expect(new Set(products.list.map((product) => product.customerName)).size).toBe(30);
    }
    const flows = await data(get<Page<WorkFlow>>(admin, '/dps-server/work_flow/list?flowCode=GY01'));
    expect(flows.list[0]).toMatchObject({ flowName: '开槽粘箱', route: '瓦线生产→水印开槽→糊箱→打包' });
  });

  it('gives the multistage device-type tree, with devices as leaves on request', async () => {
    const tree = await data(get<DeviceTypeNode[]>(admin, '/dps-server/device_type/tree'));
    expect(tree.map((node) => node.machineTypeName)).toEqual(['生产设备', '辅助设备']);
    const die = tree[0]!.nextLevelDeviceMultistageTree.find((node) => node.machineType === 'DIE')!;
    expect(die.nextLevelDeviceMultistageTree.map((node) => [node.machineTypeName, node.isDeviceFlag])).toEqual([
      ['圆压圆模切机', false],
      ['平压平模切机', false],
    ]);
    const withDevices = await data(get<DeviceTypeNode[]>(admin, '/dps-server/device_type/tree?withDevices=true'));
    const corrugator = withDevices[0]!.nextLevelDeviceMultistageTree.find((node) => node.machineType === 'CORR')!;
    expect(corrugator.nextLevelDeviceMultistageTree).toEqual([
      expect.objectContaining({ machineType: 'WX-01', machineTypeName: '2500型五层瓦楞纸板生产线', isDeviceFlag: true, nextLevelDeviceMultistageTree: [] }),
    ]);
  });
});

describe('workshops and device types', () => {
  it('creates, renames and deletes a workshop, refusing blanks and duplicate names', async () => {
    expect(await post(admin, '/dps-server/workshop/create', { workshopName: '' })).toEqual({ resultCode: 4000, resultMsg: '车间名称不能为空' });
    expect(await post(admin, '/dps-server/workshop/create', { workshopName: '印刷车间' })).toEqual({ resultCode: 4009, resultMsg: '车间名称已存在' });
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/workshop/create', { workshopName: '后道车间', workshopCode: 'HD', sort: 4 }));
    await data(post(admin, '/dps-server/workshop/update', { id, workshopName: '包装车间', workshopCode: 'BZ', sort: 4 }));
    expect(await data(get<Workshop>(admin, `/dps-server/workshop/detail/${id}`))).toMatchObject({ workshopName: '包装车间', workshopCode: 'BZ', deviceCount: 0 });
    const listed = await data(get<Page<Workshop>>(admin, '/dps-server/workshop/list?workshopName=包装'));
    expect(listed.list.map((workshop) => workshop.id)).toEqual([id]);
    expect(await logCount('编辑车间：后道车间 → 包装车间')).toBe(1);
    expect(await data(post(admin, '/dps-server/workshop/delete_batch', { ids: [id] }))).toEqual({ deleted: 1 });
  });

  it('edits the device-type tree, refusing cycles and types still in use', async () => {
    const production = await idOf('device_type', 'code', 'PROD');
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/device_type/create', { machineType: 'LAM', machineTypeName: '覆膜机', parentId: production }));
    const { id: child } = await data(post<{ id: number }>(admin, '/dps-server/device_type/create', { machineType: 'LAM_HOT', machineTypeName: '热覆膜机', parentId: id }));
    expect(await post(admin, '/dps-server/device_type/update', { id, machineType: 'LAM', machineTypeName: '覆膜机', parentId: child })).toEqual({
      resultCode: 4009,
      resultMsg: '上级设备类型不能是自己或自己的下级',
    });
    expect(await post(admin, '/dps-server/device_type/create', { machineType: 'LAM', machineTypeName: '重复' })).toEqual({ resultCode: 4009, resultMsg: '设备类型编码已存在' });
    expect(await post(admin, '/dps-server/device_type/delete_batch', { ids: [id] })).toEqual({ resultCode: 4009, resultMsg: '设备类型「覆膜机」下存在下级类型，无法删除' });
    expect(await post(admin, '/dps-server/device_type/delete_batch', { ids: [await idOf('device_type', 'code', 'CORR')] })).toEqual({
      resultCode: 4009,
      resultMsg: '设备类型「瓦楞纸板生产线」下存在设备，无法删除',
    });
    expect(await data(post(admin, '/dps-server/device_type/delete_batch', { ids: [id, child] }))).toEqual({ deleted: 2 });
  });
});

describe('devices', () => {
  it('creates, reads, updates and deletes a device with speeds, spare parts and pictures, logging each write', async () => {
    const picture = await upload(admin, '设备.png', PNG_1X1, '0');
    const dieCut = await idOf('process', 'code', 'MQ01');
    const strip = await idOf('process', 'code', 'MQ03');
    const { id } = await data(
      post<{ id: number }>(admin, '/dps-server/device/create', {
        deviceNo: 'MQ-09',
        deviceName: '  圆压圆模切机（二号）  ',
        deviceTypeId: await idOf('device_type', 'code', 'DIE_ROT'),
        workshopId: await idOf('workshop', 'name', '成型车间'),
        brand: '东方机械',
        model: 'DF-RD1628',
        status: 1,
        pictures: [picture],
        speeds: [{ processId: dieCut, speed: 8500, unit: '张/小时' }],
        spareParts: [{ partName: '模切胶垫', spec: '聚氨酯', quantity: 4, unit: '条' }],
      }),
    );
    const detail = await data(get<DeviceDetail>(admin, `/dps-server/device/detail/${id}`));
    expect(detail).toMatchObject({
      deviceNo: 'MQ-09',
      deviceName: '圆压圆模切机（二号）',
      deviceTypeName: '圆压圆模切机',
      workshopName: '成型车间',
      deviceUse: 1,
      status: 1,
      pictures: [picture],
      speeds: [{ processId: dieCut, processName: '圆压圆模切', speed: 8500, unit: '张/小时' }],
      spareParts: [expect.objectContaining({ partName: '模切胶垫', quantity: 4, unit: '条' })],
    });
    expect(await logCount('新增设备：MQ-09 圆压圆模切机（二号）')).toBe(1);

    await data(
      post(admin, '/dps-server/device/update', {
        id,
        deviceNo: 'MQ-10',
        deviceName: '圆压圆模切机（二号）',
        deviceUse: 2,
        status: 5,
        speeds: [{ processId: strip, speed: 3000, unit: '张/小时' }],
      }),
    );
    const updated = await data(get<DeviceDetail>(admin, `/dps-server/device/detail/${id}`));
    expect(updated).toMatchObject({ deviceNo: 'MQ-10', deviceUse: 2, status: 5, workshopId: null, pictures: [picture], speeds: [{ processName: '清废', speed: 3000 }] });
    expect(updated.spareParts).toHaveLength(1);
    expect(await logCount('编辑设备：MQ-10 圆压圆模切机（二号）（原编号 MQ-09）')).toBe(1);
    await data(post(admin, '/dps-server/device/update', { id, deviceNo: 'MQ-10', deviceName: '圆压圆模切机（二号）', pictures: [], spareParts: [] }));
    expect(await data(get<DeviceDetail>(admin, `/dps-server/device/detail/${id}`))).toMatchObject({ pictures: [], spareParts: [], speeds: [{ processName: '清废' }] });

    expect(await data(post(admin, '/dps-server/device/delete_batch', { ids: [id] }))).toEqual({ deleted: 1 });
    expect(await get(admin, `/dps-server/device/detail/${id}`)).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
    expect(await t.db.selectFrom('device_speed').select('id').where('device_id', '=', id).execute()).toEqual([]);
    expect(await logCount('删除设备：MQ-10')).toBe(1);
  });

  it('refuses invalid requests with 4000 naming the field in Chinese, and writes nothing', async () => {
    const before = await logCount('新增设备');
    expect(await post(admin, '/dps-server/device/create', { deviceNo: 'X-1' })).toEqual({ resultCode: 4000, resultMsg: '设备名称不能为空' });
    expect(await post(admin, '/dps-server/device/create', { deviceNo: '设备一', deviceName: '试验' })).toEqual({ resultCode: 4000, resultMsg: '设备编号格式不正确' });
    expect(await post(admin, '/dps-server/device/create', { deviceNo: 'X-1', deviceName: '试验', status: 9 })).toEqual({ resultCode: 4000, resultMsg: '设备状态不能大于6' });
    expect(
      await post(admin, '/dps-server/device/create', { deviceNo: 'X-1', deviceName: '试验', speeds: [{ processId: 1, speed: 0, unit: '张/小时' }] }),
    ).toEqual({ resultCode: 4000, resultMsg: '理论速度格式不正确' });
    expect(await post(admin, '/dps-server/device/create', { deviceNo: 'X-1', deviceName: '试验', workshopId: 999_999 })).toEqual({ resultCode: 4004, resultMsg: '车间不存在' });
    expect(await post(admin, '/dps-server/device/create', { deviceNo: 'X-1', deviceName: '试验', pictures: ['not-uploaded.png'] })).toEqual({
      resultCode: 4004,
      resultMsg: '设备图片不存在，请重新上传',
    });
    expect(await post(admin, '/dps-server/device/create', { deviceNo: 'WX-01', deviceName: '重复' })).toEqual({ resultCode: 4009, resultMsg: '设备编号已存在' });
    expect(await logCount('新增设备')).toBe(before);
    expect((await data(get<Page<Device>>(admin, '/dps-server/device/list?deviceNo=X-1'))).total).toBe(0);
  });

  it('keeps device numbers unique under concurrent creates: one succeeds, the other gets 4009', async () => {
    const create = () => post(admin, '/dps-server/device/create', { deviceNo: 'RACE-1', deviceName: '并发设备' });
    const results = await Promise.all([create(), create()]);
    expect(results.map((result) => result.resultCode).sort()).toEqual([1000, 4009]);
    expect(results.find((result) => result.resultCode === 4009)).toEqual({ resultCode: 4009, resultMsg: '设备编号已存在' });
    expect((await data(get<Page<Device>>(admin, '/dps-server/device/list?deviceNo=RACE-1'))).total).toBe(1);
  });

  it('turns a unique-index violation into the same 4009 as the pre-check', async () => {
    const insert = () =>
      t.db.insertInto('device').values({ enterprise_id: 8888, org_id: 1001, device_no: 'WX-01', name: '绕过检查的重复设备' }).execute();
    await expect(guardUnique(insert)).rejects.toMatchObject({ code: 4009, message: '设备编号已存在' });
    const product = () =>
      t.db.insertInto('product').values({ enterprise_id: 8888, org_id: 1001, product_no: 'CP00001', name: '重复产品' }).execute();
    await expect(guardUnique(product)).rejects.toMatchObject({ code: 4009, message: '产品编号已存在' });
  });

  it('lists the devices that can run a process with their theoretical speeds', async () => {
    const slotting = await idOf('process', 'code', 'YS01');
    const speeds = await data(get<Array<{ deviceNo: string; speed: number; unit: string }>>(admin, `/dps-server/device/theoretical_speed/list?processId=${slotting}`));
    expect(speeds.map((entry) => [entry.deviceNo, entry.speed, entry.unit])).toEqual([
      ['YS-01', 12000, '张/小时'],
      ['YS-02', 10000, '张/小时'],
      ['YS-03', 8000, '张/小时'],
      ['YS-04', 13000, '张/小时'],
    ]);
  });

  it('refuses to delete a device a process flow uses as default device, and changes nothing', async () => {
    const corrugator = await idOf('device', 'device_no', 'WX-01');
    const spare = await idOf('device', 'device_no', 'DB-02');
    const before = await logCount('删除设备');
    const refused = await post(admin, '/dps-server/device/delete_batch', { ids: [spare, corrugator] });
    expect(refused.resultCode).toBe(4009);
    expect(refused.resultMsg).toMatch(/^设备「DB-02、WX-01」已被工艺路线「.+」设为默认设备，无法删除$/);
    expect((await data(get<Page<Device>>(admin, '/dps-server/device/list?deviceNo=DB-02'))).total).toBe(1);
    expect(await logCount('删除设备')).toBe(before);
    const workshop = await post(admin, '/dps-server/workshop/delete_batch', { ids: [await idOf('workshop', 'name', '瓦线车间')] });
    expect(workshop).toEqual({ resultCode: 4009, resultMsg: '车间「瓦线车间」下存在设备，无法删除' });
  });

  it('filters, sorts and pages the list over the whitelist only', async () => {
    const forming = await idOf('workshop', 'name', '成型车间');
    const printing = await idOf('workshop', 'name', '印刷车间');
    const all = await data(get<Page<Device>>(admin, `/dps-server/device/list?workshopId=${forming},${printing}&deviceUse=1&sort=deviceNo,desc&limit=1000`));
    expect(all.total).toBeGreaterThan(10);
    expect(all.list.every((device) => ['成型车间', '印刷车间'].includes(device.workshopName) && device.deviceUse === 1)).toBe(true);
    const numbers = all.list.map((device) => device.deviceNo);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const first = await data(get<Page<Device>>(admin, `/dps-server/device/list?workshopId=${forming},${printing}&deviceUse=1&sort=deviceNo,desc&limit=10&page=1`));
    const second = await data(get<Page<Device>>(admin, `/dps-server/device/list?workshopId=${forming},${printing}&deviceUse=1&sort=deviceNo,desc&limit=10&page=2`));
    expect([...first.list, ...second.list].map((device) => device.deviceNo)).toEqual(numbers.slice(0, 20));
    expect(second).toMatchObject({ page: 2, limit: 10, total: all.total });
    const faults = await data(get<Page<Device>>(admin, '/dps-server/device/list?status=5&deviceName=印刷'));
    expect(faults.list.map((device) => device.deviceNo)).toEqual(['YS-05']);
    expect(await get(admin, '/dps-server/device/list?sort=password,asc')).toEqual({ resultCode: 4000, resultMsg: '不支持按「password」排序' });
    expect(await get(admin, '/dps-server/device/list?status=abc')).toEqual({ resultCode: 4000, resultMsg: '设备状态格式不正确' });
  });

  it('exports exactly the rows the list shows, imports good files and refuses bad ones whole', async () => {
    const filters = { status: '3', sort: 'deviceNo,asc' };
    const list = await data(get<Page<Device>>(admin, `/dps-server/device/list?${new URLSearchParams({ ...filters, limit: '1000' })}`));
    const response = await t.app.inject({ method: 'POST', url: '/dps-server/device/export', headers: bearer(admin), payload: filters });
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('设备列表.xlsx'));
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(['设备编号', '设备名称', '设备类型', '车间', '设备用途', '品牌', '型号', '设备状态', '备注', '创建时间']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3], row[7]])).toEqual(list.list.map((device) => [device.deviceNo, device.deviceName, device.workshopName, '运行中']));

    const header = ['*设备编号', '*设备名称', '设备类型', '车间', '设备用途', '品牌', '型号', '设备状态', '备注'];
    const bad = await data(
      post(admin, '/dps-server/device/import', {
        url: await uploadXlsx(t.app, admin, [
          header,
          ['DB-03', '全自动打包机（三号）', 'STRAP', '成型车间', '生产设备', '信诚', 'XC-101A', '空闲', ''],
          ['DB-04', '打包机', '不存在的类型', '成型车间', '', '', '', '', ''],
          ['WX-01', '重复编号', '', '', '', '', '', '', ''],
        ]),
      }),
    );
    expectImportRefused(bad, [
      { row: 3, message: '设备类型「不存在的类型」不存在' },
      { row: 4, message: '设备编号「WX-01」已存在' },
    ]);
    expect((await data(get<Page<Device>>(admin, '/dps-server/device/list?deviceNo=DB-03'))).total).toBe(0);
    const good = await data(
      post(admin, '/dps-server/device/import', {
        url: await uploadXlsx(t.app, admin, [header, ['DB-03', '全自动打包机（三号）', '打包机', '成型车间', '辅助设备', '信诚', 'XC-101A', '待机', '']]),
      }),
    );
    expect(good).toEqual({ imported: 1, failures: [], message: '导入成功' });
    const [imported] = (await data(get<Page<Device>>(admin, '/dps-server/device/list?deviceNo=DB-03'))).list;
    expect(imported).toMatchObject({ deviceTypeName: '打包机', workshopName: '成型车间', deviceUse: 2, status: 4 });
  });
});

describe('processes and process flows', () => {
  it('creates a process in a group, uses it in a flow, and refuses to delete it while the flow exists', async () => {
    const { id: groupId } = await data(post<{ id: number }>(admin, '/dps-server/process_group/create', { groupName: '后道工序' }));
    const { id: processId } = await data(
      post<{ id: number }>(admin, '/dps-server/process/create', {
        processCode: 'HD01',
        processName: '贴窗',
        processGroupId: groupId,
        prepareMinutes: 25,
        quantityUnit: '个',
        overReportPercent: 2.5,
        requireFirstCheck: true,
      }),
    );
    expect(await data(get<Process>(admin, `/dps-server/process/detail/${processId}`))).toMatchObject({
      processCode: 'HD01',
      processGroupName: '后道工序',
      prepareMinutes: 25,
      quantityUnit: '个',
      overReportPercent: 2.5,
      requireFirstCheck: true,
      requireBadReason: true,
    });
    expect(await post(admin, '/dps-server/process/create', { processCode: 'HD01', processName: '另一个' })).toEqual({ resultCode: 4009, resultMsg: '工序编码已存在' });
    expect(await post(admin, '/dps-server/process/create', { processCode: 'HD02', processName: '贴窗', prepareMinutes: -1 })).toEqual({
      resultCode: 4000,
      resultMsg: '准备时间（分钟）不能小于0',
    });

    const printer = await idOf('device', 'device_no', 'YS-01');
    const { id: flowId } = await data(
      post<{ id: number }>(admin, '/dps-server/work_flow/create', {
        flowCode: 'GY99',
        flowName: '开槽贴窗',
        steps: [{ processId: await idOf('process', 'code', 'YS01'), defaultDeviceId: printer }, { processId }],
      }),
    );
    const flow = await data(get<WorkFlowDetail>(admin, `/dps-server/work_flow/detail/${flowId}`));
    expect(flow).toMatchObject({ flowName: '开槽贴窗', isTemplate: true, productId: null, route: '水印开槽→贴窗', productCount: 0 });
    expect(flow.steps.map((step) => [step.seq, step.processName, step.defaultDeviceName])).toEqual([
      [1, '水印开槽', '四色高速水墨印刷开槽机'],
      [2, '贴窗', ''],
    ]);
    expect(await post(admin, '/dps-server/work_flow/create', { flowCode: 'GY98', flowName: '空路线', steps: [] })).toEqual({
      resultCode: 4000,
      resultMsg: '工序步骤格式不正确',
    });

    const before = await logCount('删除工序');
    expect(await post(admin, '/dps-server/process/delete_batch', { ids: [processId] })).toEqual({ resultCode: 4009, resultMsg: '该工序已被工艺路线引用，无法删除' });
    expect(await data(get<Process>(admin, `/dps-server/process/detail/${processId}`))).toMatchObject({ processName: '贴窗' });
    expect(await logCount('删除工序')).toBe(before);
    expect(await post(admin, '/dps-server/process_group/delete_batch', { ids: [groupId] })).toEqual({
      resultCode: 4009,
      resultMsg: '工序组「后道工序」下存在工序，无法删除',
    });

    await data(post(admin, '/dps-server/work_flow/update', { id: flowId, flowCode: 'GY99', flowName: '开槽', steps: [{ processId: await idOf('process', 'code', 'YS01') }] }));
    expect((await data(get<WorkFlow>(admin, `/dps-server/work_flow/detail/${flowId}`))).route).toBe('水印开槽');
    expect(await data(post(admin, '/dps-server/process/delete_batch', { ids: [processId] }))).toEqual({ deleted: 1 });
    expect(await data(post(admin, '/dps-server/process_group/delete_batch', { ids: [groupId] }))).toEqual({ deleted: 1 });
    expect(await logCount('删除工序：贴窗')).toBe(1);
  });

  it('refuses to delete a flow that products use', async () => {
    const flowId = await idOf('process_flow', 'code', 'GY01');
    const response = await post(admin, '/dps-server/work_flow/delete_batch', { ids: [flowId] });
    expect(response).toMatchObject({ resultCode: 4009, resultMsg: expect.stringMatching(/^工艺路线「开槽粘箱」已被\d+个产品使用，无法删除/) });
  });
});

describe('products', () => {
  it('keeps the classify tree, creates and edits products, refuses duplicates even when concurrent', async () => {
    const tree = await data(get<ProductClassifyNode[]>(admin, '/dps-server/product_classify/tree'));
    expect(tree.map((node) => node.classifyName)).toEqual(['纸箱', '纸板', '配件']);
    expect(tree[0]!.children.map((node) => node.classifyName)).toEqual(['普通开槽箱', '模切箱', '彩印箱']);
    const { id: classifyId } = await data(post<{ id: number }>(admin, '/dps-server/product_classify/create', { classifyName: '电商箱', parentId: tree[0]!.id }));

    const product = {
      productNo: 'TEST-0001',
      productName: '电商快递箱3号',
      customerName: '优品电商供应链有限公司',
      classifyId,
      boxStyle: '0201',
      lengthMm: 350,
      widthMm: 250,
      heightMm: 200,
      boardCode: 'K250-C140-K250',
      flute: 'C',
      colors: 1,
      processFlowId: await idOf('process_flow', 'code', 'GY01'),
    };
    const results = await Promise.all([post(admin, '/dps-server/product/create', product), post(admin, '/dps-server/product/create', product)]);
    expect(results.map((result) => result.resultCode).sort()).toEqual([1000, 4009]);
    expect(results.find((result) => result.resultCode === 4009)!.resultMsg).toBe('产品编号已存在');
    const [created] = (await data(get<Page<Product>>(admin, '/dps-server/product/list?productNo=TEST-0001'))).list;
    expect(created).toMatchObject({ classifyName: '电商箱', processFlowName: '开槽粘箱', lengthMm: 350, flute: 'C' });

    expect(await post(admin, '/dps-server/product/create', { ...product, productNo: 'TEST-0002', flute: 'Z' })).toMatchObject({ resultCode: 4000, resultMsg: '楞型格式不正确' });
    expect(await post(admin, '/dps-server/product/create', { ...product, productNo: 'TEST-0002', lengthMm: 0 })).toEqual({ resultCode: 4000, resultMsg: '内长（mm）不能小于1' });
    expect(await post(admin, '/dps-server/product/create', { ...product, productNo: 'TEST-0002', boxStyle: '201' })).toEqual({ resultCode: 4000, resultMsg: '箱型格式不正确' });

    await data(post(admin, '/dps-server/product/update', { ...product, id: created!.id, productName: '电商快递箱4号', heightMm: 250 }));
    expect(await data(get<Product>(admin, `/dps-server/product/detail/${created!.id}`))).toMatchObject({ productName: '电商快递箱4号', heightMm: 250 });
    expect(await post(admin, '/dps-server/product_classify/delete_batch', { ids: [classifyId] })).toEqual({ resultCode: 4009, resultMsg: '产品分类「电商箱」下存在产品，无法删除' });
    expect(await data(post(admin, '/dps-server/product/delete_batch', { ids: [created!.id] }))).toEqual({ deleted: 1 });
    expect(await data(post(admin, '/dps-server/product_classify/delete_batch', { ids: [classifyId] }))).toEqual({ deleted: 1 });
  });

  it('filters by customer, flute and classify, sorts and pages without overlap', async () => {
    const tree = await data(get<ProductClassifyNode[]>(admin, '/dps-server/product_classify/tree'));
    const board = tree.find((node) => node.classifyName === '纸板')!;
    const sheets = await data(get<Page<Product>>(admin, `/dps-server/product/list?classifyId=${board.id}&limit=1000`));
    expect(sheets.total).toBe(board.productCount);
    expect(sheets.list.every((product) => product.classifyName === '纸板' && product.boxStyle === '')).toBe(true);
    const fluted = await data(get<Page<Product>>(admin, '/dps-server/product/list?flute=B,E&customerName=食品&sort=productNo,asc&limit=1000'));
    expect(fluted.total).toBeGreaterThan(0);
    expect(fluted.list.every((product) => ['B', 'E'].includes(product.flute) && product.customerName.includes('食品'))).toBe(true);
    const pages = await Promise.all([1, 2, 3].map((page) => data(get<Page<Product>>(admin, `/dps-server/product/list?sort=productNo,asc&limit=100&page=${page}`))));
    const numbers = pages.flatMap((page) => page.list.map((product) => product.productNo));
    expect(new Set(numbers).size).toBe(300);
    expect(numbers.slice(0, 3)).toEqual(['CP00001', 'CP00002', 'CP00003']);
  });

  it('exports exactly the rows the list shows', async () => {
    const filters = { customerName: '啤酒', sort: 'productNo,desc' };
    const list = await data(get<Page<Product>>(admin, `/dps-server/product/list?${new URLSearchParams({ ...filters, limit: '1000' })}`));
    expect(list.total).toBe(10);
    const response = await t.app.inject({ method: 'POST', url: '/dps-server/product/export', headers: bearer(admin), payload: filters });
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(['产品编号', '产品名称', '客户', '产品分类', '箱型', '内长(mm)', '内宽(mm)', '内高(mm)', '纸板编码', '楞型', '印刷颜色数', '工艺路线', '备注']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[2], row[5], row[11]])).toEqual(
      list.list.map((product) => [product.productNo, product.productName, product.customerName, product.lengthMm, product.processFlowName]),
    );
    expect(await t.app.inject({ method: 'POST', url: '/dps-server/product/export', headers: bearer(admin), payload: { sort: 'secret,asc' } }).then((r) => r.json())).toEqual({
      resultCode: 4000,
      resultMsg: '不支持按「secret」排序',
    });
  });

  const HEADER = ['*产品编号', '*产品名称', '客户', '产品分类', '箱型', '*内长(mm)', '*内宽(mm)', '内高(mm)', '纸板编码', '楞型', '印刷颜色数', '工艺路线', '备注'];
  const row = (index: number, prefix = 'IMP') => [
    `${prefix}${String(index).padStart(5, '0')}`,
    `导入产品${index}号`,
    `导入客户${index % 40}`,
    index % 2 === 0 ? '普通开槽箱' : '模切箱',
    index % 2 === 0 ? '0201' : '0427',
    300 + (index % 200),
    200 + (index % 100),
    150,
    'K250-C140-K250',
    index % 3 === 0 ? 'BC' : 'C',
    index % 5,
    index % 2 === 0 ? 'GY01' : '联动线一次成型',
    '',
  ];

  it('gives an import template whose headers the import reads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dps-server/product/import_template', headers: bearer(admin) });
    expect((await sheetRows(response.rawPayload))[0]).toEqual(HEADER);
  });

  it('imports a file with two bad rows as nothing, naming both rows', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => row(index + 1, 'BAD'));
    rows[10]![9] = 'Q';
    rows[500]![0] = 'CP00001';
    const before = await logCount('导入产品');
    const result = await data(post(admin, '/dps-server/product/import', { url: await uploadXlsx(t.app, admin, [HEADER, ...rows]) }));
    expectImportRefused(result, [
      { row: 12, message: '楞型只能是A、B、C、E、F、AB、BC、BE' },
      { row: 502, message: '产品编号「CP00001」已存在' },
    ]);
    expect((await data(get<Page<Product>>(admin, '/dps-server/product/list?productNo=BAD&limit=10'))).total).toBe(0);
    expect(await logCount('导入产品')).toBe(before);
  });

  it('imports 10,000 products from one file in one transaction', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => row(index + 1));
    const url = await uploadXlsx(t.app, admin, [HEADER, ...rows]);
    const started = performance.now();
    const result = await data(post(admin, '/dps-server/product/import', { url }));
    const seconds = (performance.now() - started) / 1000;
    console.info(`[bench] product import 10,000 rows on ${t.engine}: ${seconds.toFixed(2)} s`);
    expect(result).toEqual({ imported: 10_000, failures: [], message: '导入成功' });
    expect(seconds).toBeLessThan(15);
    const imported = await data(get<Page<Product>>(admin, '/dps-server/product/list?productNo=IMP&sort=productNo,asc&limit=10'));
    expect(imported.total).toBe(10_000);
    expect(imported.list[0]).toMatchObject({
      productNo: 'IMP00001',
      productName: '导入产品1号',
      classifyName: '模切箱',
      boxStyle: '0427',
      lengthMm: 301,
      flute: 'C',
      colors: 1,
      processFlowName: '联动线一次成型',
    });
    expect(await logCount('导入产品：10000个')).toBe(1);
    // The same file again, just after the bulk insert (PostgreSQL's row estimates still from before
    // it): every row refused as 已存在, as fast as the first time.
    const againStarted = performance.now();
    const again = await data(post<{ imported: number; failures: Array<{ row: number; message: string }> }>(admin, '/dps-server/product/import', { url }));
    expect((performance.now() - againStarted) / 1000).toBeLessThan(15);
    expect(again.imported).toBe(0);
    expect(again.failures).toHaveLength(10_000);
    expect(again.failures[0]).toEqual({ row: 2, message: '产品编号「IMP00001」已存在' });
  }, 120_000);
});

describe('tenancy and authority', () => {
  it('never shows or changes another factory\'s devices', async () => {
    const { id } = await data(post<{ id: number }>(boardAdmin, '/dps-server/device/create', { deviceNo: 'BOARD-ONLY', deviceName: '纸板厂专用设备' }));
    expect((await data(get<Page<Device>>(admin, '/dps-server/device/list?deviceNo=BOARD-ONLY'))).total).toBe(0);
    expect((await data(get<Page<Device>>(boardAdmin, '/dps-server/device/list?deviceNo=BOARD-ONLY'))).total).toBe(1);
    expect(await get(admin, `/dps-server/device/detail/${id}`)).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
    expect(await post(admin, '/dps-server/device/update', { id, deviceNo: 'STOLEN', deviceName: '改名' })).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
    expect(await post(admin, '/dps-server/device/delete_batch', { ids: [id] })).toEqual({ resultCode: 4004, resultMsg: '设备不存在' });
    // The same number may exist in both factories.
    await data(post(admin, '/dps-server/device/create', { deviceNo: 'BOARD-ONLY', deviceName: '纸箱厂同号设备' }));
    // A factory's workshop cannot be attached to another factory's device.
    const boardWorkshop = await idOf('workshop', 'name', '瓦线车间', 1002);
    expect(await post(admin, '/dps-server/device/create', { deviceNo: 'X-9', deviceName: '跨厂', workshopId: boardWorkshop })).toEqual({ resultCode: 4004, resultMsg: '车间不存在' });
    const boardDevices = await data(get<Page<Device>>(boardAdmin, '/dps-server/device/list?limit=1000'));
    const cartonIds = new Set((await data(get<Page<Device>>(admin, '/dps-server/device/list?limit=1000'))).list.map((device) => device.id));
    expect(boardDevices.list.some((device) => cartonIds.has(device.id))).toBe(false);
  });

  it('needs the page menu to read and the ACTION_ code to write', async () => {
    const noperm = await loginAs(t.app, 'noperm', 'noperm123');
    expect(await get(noperm, '/dps-server/device/list')).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    const qc = await loginAs(t.app, 'qc', 'qc123456');
    expect(await post(qc, '/dps-server/product/create', { productNo: 'QC-1', productName: '质检', lengthMm: 1, widthMm: 1, heightMm: 1 })).toEqual({
      resultCode: 4003,
      resultMsg: '没有操作权限',
    });
    expect(await get(admin, '/dps-server/device/list')).toMatchObject({ resultCode: 1000 });
    const foreign = (await t.app.inject({ method: 'GET', url: '/dps-server/device/list', headers: bearer(admin, 9999) })).json();
    expect(foreign).toEqual({ resultCode: 4003, resultMsg: '无权访问该企业数据' });
  });
});
