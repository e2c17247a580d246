import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import type { Product } from '@core/contracts/modeling';
import { StencilPaths as P, type CreateStencilRequest, type Stencil } from '@core/contracts/stencil';
import { bearer, expectImportRefused, loginAs, operationLogCount, sheetRows, type TestApp, uploadXlsx, useTwoFactoryApp } from '../../test-support';

let t: TestApp;
/** admin in 示例纸箱厂 (1001) */
let admin: string;
/** admin switched to 示例纸板厂 (1002) */
let boardAdmin: string;
/** planner: orders and scheduling, no 印版 authority */
let planner: string;
let product: Product;

const { get, post, data } = useTwoFactoryApp(async (env) => {
  ({ t, admin, boardAdmin } = env);
  planner = await loginAs(t.app, 'planner', 'planner123');
  product = (await data(get<PageResult<Product>>(admin, '/dps-server/product/list?limit=10'))).list[0]!;
});

const list = (token: string, query: string) => data(get<PageResult<Stencil>>(token, `${P.list}?${query.includes('limit=') ? '' : 'limit=1000&'}${query}`));

const plate = (overrides: Partial<CreateStencilRequest> = {}): CreateStencilRequest => ({
  stencilNo: 'T-YB-001',
  customerName: '测试客户',
  productId: product.id,
  color: '专红',
  plateType: 'RESIN',
  widthMm: 1200,
  heightMm: 800,
  location: '印版架Z-01',
  status: 1,
  usedCount: 0,
  lifeCount: 300_000,
  remark: '',
  ...overrides,
});

describe('seeded plates', () => {
  it('gives each demo factory 30–60 plates of its own products, some near the end of their life', async () => {
    for (const token of [admin, boardAdmin]) {
      const page = await list(token, 'limit=1000');
      expect(page.total).toBeGreaterThanOrEqual(30);
      expect(page.total).toBeLessThanOrEqual(60);
      expect(page.list.every((row) => row.productId !== null && row.productName !== '')).toBe(true);
      expect(page.list.some((row) => row.usedCount >= row.lifeCount * 0.9)).toBe(true);
      expect(new Set(page.list.map((row) => row.status))).toEqual(new Set([1, 2, 3]));
    }
  });
});

describe('create, update and delete', () => {
  it('creates a plate linked to a product, edits it and deletes it, logging each step in Chinese', async () => {
    const { id } = await data(post<{ id: number }>(admin, P.create, plate()));
    const created = await data(get<Stencil>(admin, P.detail(id)));
    expect(created).toMatchObject({ stencilNo: 'T-YB-001', productNo: product.productNo, productName: product.productName, status: 1, plateType: 'RESIN' });
    expect(await operationLogCount(t.db, '新增印版：T-YB-001（专红）')).toBe(1);

    await data(post(admin, P.update, { ...plate({ stencilNo: 'T-YB-002', color: '黑色', status: 2, usedCount: 280_000, productId: null }), id }));
    expect(await data(get<Stencil>(admin, P.detail(id)))).toMatchObject({ stencilNo: 'T-YB-002', status: 2, usedCount: 280_000, productId: null, productName: '' });
    expect(await operationLogCount(t.db, '编辑印版：T-YB-001（专红） → T-YB-002（黑色）')).toBe(1);

    expect(await data(post(admin, P.deleteBatch, { ids: [id] }))).toEqual({ deleted: 1 });
    expect(await get(admin, P.detail(id))).toMatchObject({ resultCode: 4004, resultMsg: '印版不存在' });
    expect(await operationLogCount(t.db, '删除印版：T-YB-002（黑色）')).toBe(1);
  });

  it('keeps a plate whose product is deleted, without its product', async () => {
    const { id: productId } = await data(post<{ id: number }>(admin, '/dps-server/product/create', { productNo: 'T-STENCIL-P', productName: '印版测试产品', lengthMm: 300, widthMm: 200, heightMm: 150 }));
    const { id } = await data(post<{ id: number }>(admin, P.create, plate({ stencilNo: 'T-YB-P', productId })));
    await data(post(admin, '/dps-server/product/delete_batch', { ids: [productId] }));
    expect(await data(get<Stencil>(admin, P.detail(id)))).toMatchObject({ stencilNo: 'T-YB-P', productId: null, productName: '' });
  });

  it('refuses a taken plate number, a product of another factory and bad fields, naming the field', async () => {
    const seeded = (await list(admin, 'limit=10')).list[0]!;
    expect(await post(admin, P.create, plate({ stencilNo: seeded.stencilNo }))).toEqual({ resultCode: 4009, resultMsg: '印版编号已存在' });
    const boardProduct = (await data(get<PageResult<Product>>(boardAdmin, '/dps-server/product/list?limit=10'))).list[0]!;
    expect(await post(admin, P.create, plate({ productId: boardProduct.id }))).toEqual({ resultCode: 4004, resultMsg: '产品不存在' });
    expect(await post(admin, P.create, plate({ lifeCount: 0 }))).toEqual({ resultCode: 4000, resultMsg: '寿命次数不能小于1' });
    expect(await post(admin, P.create, plate({ widthMm: 6000 }))).toEqual({ resultCode: 4000, resultMsg: '宽（mm）不能大于5000' });
    expect(await post(admin, P.create, plate({ color: '' }))).toEqual({ resultCode: 4000, resultMsg: '颜色不能为空' });
    const { status: _status, ...withoutStatus } = plate();
    expect(await post(admin, P.create, withoutStatus)).toEqual({ resultCode: 4000, resultMsg: '状态不能为空' });
    expect((await post(admin, P.create, plate({ plateType: 'PAPER' as never }))).resultCode).toBe(4000);
  });
});

describe('list', () => {
  it('filters by plate numbers (tag input), customer, product, colour, type and status, and sorts', async () => {
    const all = (await list(admin, 'limit=1000')).list;
    const [first, second] = all;
    const byNumbers = await list(admin, `stencilNo=${encodeURIComponent(`${first!.stencilNo},${second!.stencilNo}`)}`);
    expect(byNumbers.list.map((row) => row.stencilNo).sort()).toEqual([first!.stencilNo, second!.stencilNo].sort());

    const customer = first!.customerName;
    const byCustomer = await list(admin, `customerName=${encodeURIComponent(customer)}`);
    expect(byCustomer.total).toBe(all.filter((row) => row.customerName.includes(customer)).length);
    const byProduct = await list(admin, `productName=${encodeURIComponent(first!.productName)}`);
    expect(byProduct.list.every((row) => row.productName.includes(first!.productName))).toBe(true);
    const byColour = await list(admin, `color=${encodeURIComponent('专红')}`);
    expect(byColour.total).toBe(all.filter((row) => row.color === '专红').length);
    const rubber = await list(admin, 'plateType=RUBBER&status=1,2');
    expect(rubber.total).toBe(all.filter((row) => row.plateType === 'RUBBER' && row.status !== 3).length);

    const sorted = await list(admin, 'sort=usedCount,desc&limit=10');
    expect(sorted.list.map((row) => row.usedCount)).toEqual([...all.map((row) => row.usedCount)].sort((a, b) => b - a).slice(0, 10));
    expect(await get(admin, `${P.list}?sort=remark,asc`)).toMatchObject({ resultCode: 4000, resultMsg: '不支持按「remark」排序' });
    expect(await get(admin, `${P.list}?status=x`)).toMatchObject({ resultCode: 4000, resultMsg: '状态格式不正确' });
  });
});

describe('import and export', () => {
  const HEADER = ['印版编号', '客户名称', '产品编号', '颜色', '版材类型', '宽(mm)', '高(mm)', '库位', '状态', '已印次数', '寿命次数', '备注'];
  const row = (no: string) => [no, '导入客户', product.productNo, '蓝色', '橡胶版', 1000, 700, 'B-01', '在库', 0, 800000, ''];

  it('gives a template whose headers the import reads', async () => {
    const response = await t.app.inject({ method: 'GET', url: P.importTemplate, headers: bearer(admin) });
    const [headers = []] = await sheetRows(response.rawPayload);
    expect(headers.map((header) => String(header).replace(/^\*/, ''))).toEqual(HEADER);
  });

  it('imports nothing when a row is wrong, naming every wrong row; then imports all rows', async () => {
    const rows = [row('IMP-1'), row('IMP-2'), row('IMP-1'), [...row('IMP-4').slice(0, 4), '纸版', ...row('IMP-4').slice(5)], [...row('IMP-5').slice(0, 2), 'NO-SUCH', ...row('IMP-5').slice(3)]];
    const refused = await data(post(admin, P.import, { url: await uploadXlsx(t.app, admin, [HEADER, ...rows]) }));
    expectImportRefused(refused, [
      { row: 4, message: '印版编号「IMP-1」与第2行重复' },
      { row: 5, message: '版材类型只能是树脂版、橡胶版' },
      { row: 6, message: '产品编号「NO-SUCH」不存在' },
    ]);
    expect((await list(admin, 'stencilNo=IMP-')).total).toBe(0);

    const imported = await data(post(admin, P.import, { url: await uploadXlsx(t.app, admin, [HEADER, row('IMP-1'), row('IMP-2')]) }));
    expect(imported).toEqual({ imported: 2, failures: [], message: '导入成功' });
    expect((await list(admin, 'stencilNo=IMP-')).list.map((plate) => [plate.stencilNo, plate.plateType, plate.productNo])).toEqual([
      ['IMP-2', 'RUBBER', product.productNo],
      ['IMP-1', 'RUBBER', product.productNo],
    ]);
    expect(await operationLogCount(t.db, '导入印版：2块')).toBe(1);
  });

  it('exports the filtered plates with Chinese headers and labels', async () => {
    const response = await t.app.inject({ method: 'POST', url: P.export, headers: bearer(admin), payload: { stencilNo: 'IMP-1' } });
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('印版列表.xlsx'));
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(['印版编号', '客户名称', '产品编号', '产品名称', '颜色', '版材类型', '宽(mm)', '高(mm)', '库位', '状态', '已印次数', '寿命次数', '备注']);
    expect(rows.slice(1).map((sheetRow) => [sheetRow[0], sheetRow[5], sheetRow[9]])).toEqual([['IMP-1', '橡胶版', '在库']]);
  });
});

describe('authority and factory scope', () => {
  it('refuses users without the 印版 authorities', async () => {
    expect((await get(planner, P.list)).resultCode).toBe(4003);
    expect((await post(planner, P.create, plate({ stencilNo: 'NO-AUTH' }))).resultCode).toBe(4003);
    expect((await post(planner, P.deleteBatch, { ids: [1] })).resultCode).toBe(4003);
  });

  it('never shows, changes or deletes another factory’s plate', async () => {
    const own = (await list(admin, 'limit=10')).list[0]!;
    expect((await list(boardAdmin, `stencilNo=${own.stencilNo}`)).list.map((row) => row.id)).not.toContain(own.id);
    expect(await get(boardAdmin, P.detail(own.id))).toMatchObject({ resultCode: 4004 });
    expect(await post(boardAdmin, P.update, { ...own, remark: '越权' })).toMatchObject({ resultCode: 4004 });
    expect(await post(boardAdmin, P.deleteBatch, { ids: [own.id] })).toMatchObject({ resultCode: 4004 });
    expect(await data(get<Stencil>(admin, P.detail(own.id)))).toEqual(own);
  });
});
