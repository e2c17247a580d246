import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import type { ImportResult } from '@core/contracts/files';
import type { Product, WorkFlow, WorkFlowDetail, WorkFlowMap } from '@core/contracts/modeling';
import { bearer, loginAs, type TestApp, useTwoFactoryApp } from '../../test-support';
import { multipart } from '../../test-multipart';

// 产品专用 process flows (a flow that belongs to exactly one product) and the 工序地图 endpoint.

let t: TestApp;
/** admin in 示例纸箱厂 (1001) */
let admin: string;

type Page<T> = PageResult<T>;

const { get, post, data, logCount } = useTwoFactoryApp((env) => ({ t, admin } = env));


async function processId(code: string): Promise<number> {
  const row = await t.db.selectFrom('process').select('id').where('code', '=', code).where('org_id', '=', 1001).executeTakeFirstOrThrow();
  return row.id;
}
async function flowId(code: string, orgId = 1001): Promise<number> {
  const row = await t.db.selectFrom('process_flow').select('id').where('code', '=', code).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return row.id;
}
async function createProduct(productNo: string, processFlowId: number | null = null): Promise<number> {
  const { id } = await data(post<{ id: number }>(admin, '/dps-server/product/create', { productNo, productName: `专用测试${productNo}`, lengthMm: 400, widthMm: 300, heightMm: 200, processFlowId }));
  return id;
}
const productOf = (id: number) => data(get<Product>(admin, `/dps-server/product/detail/${id}`));
const steps = async (...codes: string[]) => Promise.all(codes.map(async (code) => ({ processId: await processId(code) })));

describe('dedicated (产品专用) process flows', () => {
  it('seeds a few flows dedicated to one product each, used by that product', async () => {
    const dedicated = await data(get<Page<WorkFlow>>(admin, '/dps-server/work_flow/list?isTemplate=false&limit=100'));
    expect(dedicated.list.map((flow) => flow.flowCode)).toEqual(['GY10', 'GY11', 'GY12']);
    for (const flow of dedicated.list) {
      expect(flow.productId).not.toBeNull();
      expect(flow.productName).not.toBe('');
      expect(flow.productCount).toBe(1);
      expect(await productOf(flow.productId!)).toMatchObject({ processFlowId: flow.id, processFlowName: flow.flowName });
    }
    const templates = await data(get<Page<WorkFlow>>(admin, '/dps-server/work_flow/list?isTemplate=true&limit=100'));
    expect(templates.list.every((flow) => flow.productId === null && flow.productName === '')).toBe(true);
  });

  it('needs a product of this factory for a dedicated flow and none for a template', async () => {
    const body = { flowCode: 'ZY01', flowName: '专用路线', steps: await steps('YS01', 'CX01') };
    expect(await post(admin, '/dps-server/work_flow/create', { ...body, isTemplate: false })).toEqual({ resultCode: 4000, resultMsg: '产品专用的工艺路线请选择所属产品' });
    const productId = await createProduct('ZY-P-01');
    expect(await post(admin, '/dps-server/work_flow/create', { ...body, isTemplate: true, productId })).toEqual({
      resultCode: 4000,
      resultMsg: '通用模板不能指定所属产品，如需专用请关闭“通用模板”',
    });
    const boardProduct = await t.db.selectFrom('product').select('id').where('org_id', '=', 1002).executeTakeFirstOrThrow();
    expect(await post(admin, '/dps-server/work_flow/create', { ...body, isTemplate: false, productId: boardProduct.id })).toEqual({ resultCode: 4004, resultMsg: '所属产品不存在' });
    expect((await data(get<Page<WorkFlow>>(admin, '/dps-server/work_flow/list?flowCode=ZY01'))).total).toBe(0);
  });

  it('creating or updating a dedicated flow sets its product\'s flow, and no other product may use it', async () => {
    const owner = await createProduct('ZY-P-02', await flowId('GY01'));
    const { id } = await data(
      post<{ id: number }>(admin, '/dps-server/work_flow/create', { flowCode: 'ZY02', flowName: '专用开槽粘箱', isTemplate: false, productId: owner, steps: await steps('ZB01', 'YS01', 'CX01') }),
    );
    expect(await productOf(owner)).toMatchObject({ processFlowId: id, processFlowName: '专用开槽粘箱' });
    const detail = await data(get<WorkFlowDetail>(admin, `/dps-server/work_flow/detail/${id}`));
    expect(detail).toMatchObject({ isTemplate: false, productId: owner, productNo: 'ZY-P-02', productName: '专用测试ZY-P-02', productCount: 1 });
    expect(await logCount('新增工艺路线：ZY02 专用开槽粘箱（瓦线生产→水印开槽→糊箱，产品 ZY-P-02 专用）')).toBe(1);

    // Another product may not take it: create, update and import are refused and write nothing.
    const refused = { resultCode: 4009, resultMsg: '工艺路线「专用开槽粘箱」是产品「ZY-P-02」的专用路线，不能用于其他产品' };
    expect(await post(admin, '/dps-server/product/create', { productNo: 'ZY-P-03', productName: '他人', lengthMm: 1, widthMm: 1, heightMm: 1, processFlowId: id })).toEqual(refused);
    expect((await data(get<Page<Product>>(admin, '/dps-server/product/list?productNo=ZY-P-03'))).total).toBe(0);
    const other = await createProduct('ZY-P-04', await flowId('GY01'));
    expect(await post(admin, '/dps-server/product/update', { id: other, productNo: 'ZY-P-04', productName: '他人', lengthMm: 1, widthMm: 1, heightMm: 1, processFlowId: id })).toEqual(refused);
    expect(await productOf(other)).toMatchObject({ processFlowId: await flowId('GY01') });
    // Its own product may keep it when edited.
    await data(post(admin, '/dps-server/product/update', { id: owner, productNo: 'ZY-P-02', productName: '专用测试ZY-P-02', lengthMm: 500, widthMm: 300, heightMm: 200, processFlowId: id }));
    expect(await productOf(owner)).toMatchObject({ lengthMm: 500, processFlowId: id });

    // A template used by several products cannot become one product's own flow.
    const template = await flowId('GY02');
    const gy02 = await data(get<WorkFlowDetail>(admin, `/dps-server/work_flow/detail/${template}`));
    const turned = await post(admin, '/dps-server/work_flow/update', {
      id: template,
      flowCode: 'GY02',
      flowName: gy02.flowName,
      isTemplate: false,
      productId: owner,
      steps: gy02.steps.map((step) => ({ processId: step.processId })),
    });
    expect(turned.resultCode).toBe(4009);
    expect(turned.resultMsg).toMatch(/^该工艺路线已被其他产品「.+」使用，不能设为产品「ZY-P-02」专用$/);
    expect(await data(get<WorkFlow>(admin, `/dps-server/work_flow/detail/${template}`))).toMatchObject({ isTemplate: true, productId: null });

    // Moving the dedicated flow to a product that is not using it yet sets that product's flow.
    const fresh = await createProduct('ZY-P-05');
    const moved = await post(admin, '/dps-server/work_flow/update', { id, flowCode: 'ZY02', flowName: '专用开槽粘箱', isTemplate: false, productId: fresh, steps: await steps('ZB01', 'YS01') });
    expect(moved.resultCode).toBe(4009);
    // The current owner still uses it: back to a template first, then dedicate it to the fresh product.
    await data(post(admin, '/dps-server/work_flow/update', { id, flowCode: 'ZY02', flowName: '专用开槽粘箱', isTemplate: true, steps: await steps('ZB01', 'YS01') }));
    await data(post(admin, '/dps-server/product/update', { id: owner, productNo: 'ZY-P-02', productName: '专用测试ZY-P-02', lengthMm: 500, widthMm: 300, heightMm: 200, processFlowId: null }));
    await data(post(admin, '/dps-server/work_flow/update', { id, flowCode: 'ZY02', flowName: '专用开槽粘箱', isTemplate: false, productId: fresh, steps: await steps('ZB01', 'YS01') }));
    expect(await productOf(fresh)).toMatchObject({ processFlowId: id });
    expect(await data(get<WorkFlow>(admin, `/dps-server/work_flow/detail/${id}`))).toMatchObject({ productNo: 'ZY-P-05', route: '瓦线生产→水印开槽' });
  });

  it('offers a product the templates and its own dedicated flows only', async () => {
    const owner = await createProduct('ZY-P-10');
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/work_flow/create', { flowCode: 'ZY10', flowName: '只给P10', isTemplate: false, productId: owner, steps: await steps('YS01') }));
    const usable = await data(get<Page<WorkFlow>>(admin, `/dps-server/work_flow/list?usableByProductId=${owner}&limit=1000`));
    expect(usable.list.filter((flow) => !flow.isTemplate).map((flow) => flow.id)).toEqual([id]);
    expect(usable.list.filter((flow) => flow.isTemplate).length).toBeGreaterThanOrEqual(9);
    const other = await createProduct('ZY-P-11');
    const forOther = await data(get<Page<WorkFlow>>(admin, `/dps-server/work_flow/list?usableByProductId=${other}&limit=1000`));
    expect(forOther.list.every((flow) => flow.isTemplate)).toBe(true);
    expect((await data(get<Page<WorkFlow>>(admin, `/dps-server/work_flow/list?productId=${owner}`))).list.map((flow) => flow.flowCode)).toEqual(['ZY10']);
  });

  it('refuses an import row that names another product\'s dedicated flow, writing nothing', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('产品');
    sheet.addRow(['产品编号', '产品名称', '客户', '产品分类', '箱型', '内长(mm)', '内宽(mm)', '内高(mm)', '纸板编码', '楞型', '印刷颜色数', '工艺路线', '备注']);
    sheet.addRow(['ZY-IMP-1', '导入一', '', '', '0201', 300, 200, 100, '', 'C', 0, 'GY01', '']);
    sheet.addRow(['ZY-IMP-2', '导入二', '', '', '0201', 300, 200, 100, '', 'C', 0, 'GY10', '']);
    const body = multipart({ type: '1' }, [{ filename: '导入.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/file/api/v2/upload', headers: { ...bearer(admin), ...body.headers }, payload: body.payload });
    const url = uploaded.json().resultData.url as string;
    const result = await data(post<ImportResult>(admin, '/dps-server/product/import', { url }));
    expect(result.failures).toEqual([{ row: 3, message: '工艺路线「GY10」是其他产品的专用路线，不能用于导入的产品' }]);
    expect((await data(get<Page<Product>>(admin, '/dps-server/product/list?productNo=ZY-IMP'))).total).toBe(0);
  });

  it('deletes a product together with its own dedicated flows, and logs both', async () => {
    const owner = await createProduct('ZY-P-20');
    const { id } = await data(post<{ id: number }>(admin, '/dps-server/work_flow/create', { flowCode: 'ZY20', flowName: '随产品删除', isTemplate: false, productId: owner, steps: await steps('YS01', 'BZ01') }));
    // The flow is used by its product: deleting the flow alone is refused.
    expect(await post(admin, '/dps-server/work_flow/delete_batch', { ids: [id] })).toEqual({ resultCode: 4009, resultMsg: '工艺路线「随产品删除」已被1个产品使用，无法删除，请先为这些产品更换工艺路线' });
    expect(await data(post(admin, '/dps-server/product/delete_batch', { ids: [owner] }))).toEqual({ deleted: 1 });
    expect(await get(admin, `/dps-server/work_flow/detail/${id}`)).toEqual({ resultCode: 4004, resultMsg: '工艺路线不存在' });
    expect(await t.db.selectFrom('process_flow_step').select('id').where('flow_id', '=', id).execute()).toEqual([]);
    expect(await logCount('删除产品：ZY-P-20（同时删除专用工艺路线：随产品删除）')).toBe(1);
  });
});

describe('工序地图 endpoint', () => {
  it('returns every process and every flow with its ordered process ids, in this factory only', async () => {
    const map = await data(get<WorkFlowMap>(admin, '/dps-server/work_flow/map'));
    expect(map.processes.length).toBeGreaterThanOrEqual(15);
    const gy01 = map.flows.find((flow) => flow.flowCode === 'GY01')!;
    expect(gy01).toMatchObject({ flowName: '开槽粘箱', isTemplate: true, productName: '' });
    expect(gy01.processIds).toEqual(await Promise.all(['ZB01', 'YS01', 'CX01', 'BZ01'].map(processId)));
    expect(map.flows.find((flow) => flow.flowCode === 'GY10')).toMatchObject({ isTemplate: false, productName: expect.stringContaining('出口箱') });
    const flowIds = map.flows.map((flow) => flow.id);
    expect(flowIds).toContain(await flowId('GY01'));
    expect(flowIds).not.toContain(await flowId('GY01', 1002));
    const processIds = new Set(map.processes.map((process) => process.id));
    expect(map.flows.every((flow) => flow.processIds.every((id) => processIds.has(id)))).toBe(true);

    const noperm = await loginAs(t.app, 'noperm', 'noperm123');
    expect(await get(noperm, '/dps-server/work_flow/map')).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
  });
});
