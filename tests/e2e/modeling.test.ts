// Journeys of /modeling (issue 4) in the standalone console against the real server and its seed:
// a process flow built from existing processes with a reordered step, a product that uses it shown
// in the product list; deleting a process that a flow uses is refused and the process stays; the
// device editor page (/edit-device); a flow dedicated to one product; the process map.
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { pathOf, settleAnimations, shot, useE2eEnvironment } from './support/harness';
import { hostWithSession } from './support/api';
import * as ui from './support/list-page';
import { loginAt } from './support/login';

const FLOW = { code: 'E2E-FLOW-01', name: '端到端测试路线' };
const PRODUCT = { no: 'E2E-P-0001', name: '端到端测试纸箱', customer: '端到端测试客户', board: 'K5A3K5' };

describe('modeling module', () => {
  const env = useE2eEnvironment('modeling');

  it('builds a process flow from existing processes and a product that uses it', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/modeling?tab=workFlow');
    expect(await ui.tableRows(page).count()).toBeGreaterThan(0);

    const editor = await ui.openDialog(page, '新增工艺路线');
    await editor.getByPlaceholder('请输入工艺路线编码').fill(FLOW.code);
    await editor.getByPlaceholder('请输入工艺路线名称').fill(FLOW.name);
    await editor.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '请至少添加一道工序').waitFor();
    for (const [index, name] of ['水印开槽', '打包', '糊箱'].entries()) {
      await editor.getByRole('button', { name: '添加工序' }).click();
      // Each step's own select: the previous step's dropdown may still be closing with every process in it.
      await ui.pick(editor.locator(`.mes-flow-step[data-step="${index + 1}"] .ant-select`).first(), name);
    }
    // 打包 goes last: move it down below 糊箱; 糊箱 gets a default device.
    await editor.locator('.mes-flow-step[data-step="2"]').getByRole('button', { name: '下移' }).click();
    const gluing = editor.locator('.mes-flow-step[data-step="2"]');
    await expect.poll(() => gluing.locator('.ant-select').first().innerText()).toContain('糊箱');
    // Default devices offered are those with a theoretical speed for the step's process.
    const deviceSelect = gluing.locator('.ant-select').nth(1);
    const devices = await ui.openSelect(deviceSelect);
    await devices.locator('.ant-select-item-option[title="全自动高速糊箱机（HX-01）"]').waitFor();
    expect(await ui.optionTitles(devices)).toEqual(expect.arrayContaining(['全自动高速糊箱机（HX-01）', '半自动糊箱机（HX-02）']));
    expect((await ui.optionTitles(devices)).some((title) => title.includes('叉车'))).toBe(false);
    await ui.closeSelect(deviceSelect);
    await ui.pick(deviceSelect, '全自动高速糊箱机（HX-01）');
    await shot(page, 'modeling-1-flow-editor');
    await ui.listAfter(page, () => editor.getByRole('button', { name: '确定' }).click(), { path: '/dps-server/work_flow/list' });
    await ui.message(page, '新增成功').waitFor();
    expect(await ui.listRow(page, '工艺路线编码', FLOW.code)).toMatchObject({ 工艺路线名称: FLOW.name, 工序路线: '水印开槽→糊箱→打包', 类型: '通用模板', 产品数量: '0' });
    await shot(page, 'modeling-2-flow-list');

    // Editing loads the saved steps in order, with the default device.
    await ui.rowAction(ui.rowWith(page, FLOW.code), '编辑');
    const reopened = ui.dialog(page, '编辑工艺路线');
    await reopened.locator('.mes-flow-step[data-step="3"]').waitFor();
    // The steps come with the flow; the names of their processes and devices with the option lists, maybe later.
    await expect
      .poll(async () => (await reopened.locator('.mes-flow-step').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()))
      .toEqual(['1 水印开槽 默认设备（可选）', '2 糊箱 全自动高速糊箱机（HX-01）', '3 打包 默认设备（可选）']);
    await reopened.getByRole('button', { name: '取消' }).click();

    await ui.listAfter(page, () => page.getByRole('tab', { name: '产品档案' }).click(), { path: '/dps-server/product/list' });
    await page.locator('.mes-category-tree .mes-category-node').first().waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('product');
    const product = await ui.openDialog(page, '新增产品');
    await product.getByPlaceholder('请输入产品编号').fill(PRODUCT.no);
    await product.getByPlaceholder('请输入产品名称').fill(PRODUCT.name);
    await product.getByPlaceholder('请输入客户').fill(PRODUCT.customer);
    await product.getByRole('button', { name: '确定' }).click();
    await product.getByText('请输入内长').waitFor();
    await product.getByPlaceholder('请输入内长').fill('400');
    await product.getByPlaceholder('请输入内宽').fill('300');
    await product.getByPlaceholder('请输入内高').fill('250');
    await product.getByPlaceholder('请输入纸板编码').fill(PRODUCT.board);
    await ui.pick(product.locator('.ant-form-item', { hasText: '楞型' }).locator('.ant-select'), 'BC楞');
    await ui.pick(product.locator('.ant-form-item', { hasText: '工艺路线' }).locator('.ant-select'), `${FLOW.name}（水印开槽→糊箱→打包）`);
    await shot(page, 'modeling-3-product-editor');
    await product.getByRole('button', { name: '确定' }).click();
    await ui.message(page, '新增成功').waitFor();
    await ui.rowWith(page, PRODUCT.no).waitFor();
    expect(await ui.listRow(page, '产品编号', PRODUCT.no)).toMatchObject({
      产品名称: PRODUCT.name,
      客户: PRODUCT.customer,
      箱型: '0201',
      '内径（长×宽×高 mm）': '400×300×250',
      纸板编码: PRODUCT.board,
      楞型: 'BC',
      工艺路线: FLOW.name,
    });
    await shot(page, 'modeling-4-product-list');

    // Export with the customer filter: the workbook holds exactly the filtered product.
    await ui.filterBy(page, '客户', PRODUCT.customer, 'customerName');
    expect(await ui.listColumn(page, '产品编号')).toEqual([PRODUCT.no]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出' }).click()]);
    expect(download.suggestedFilename()).toBe('产品档案.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await download.path())!)).buffer as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).map(String)).toEqual(expect.arrayContaining([PRODUCT.no, PRODUCT.name, PRODUCT.customer]));

    await page.getByRole('tab', { name: '工艺路线' }).click();
    await ui.rowWith(page, FLOW.code).waitFor();
    expect(await ui.listRow(page, '工艺路线编码', FLOW.code)).toMatchObject({ 产品数量: '1' });
  });

  it('refuses deleting a process used by a flow and keeps the process', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/modeling?tab=process');
    await ui.rowAction(ui.rowWith(page, '水印开槽'), '删除');
    await ui.confirm(page, '确定删除工序「水印开槽」吗？');
    await ui.message(page, '该工序已被工艺路线引用，无法删除').waitFor();
    await shot(page, 'modeling-5-process-refused');
    await page.reload();
    await ui.waitForList(page);
    expect(await ui.rowWith(page, '水印开槽').count()).toBe(1);
  });

  it('filters devices by the type tree, manages type nodes and adds a device with speeds and spare parts', async () => {
    const page = await env.newPage();
    await loginAt(page, env.server.url, '/modeling?tab=device');
    await ui.treeNode(page, '糊箱机').waitFor();
    await ui.waitForList(page);
    await ui.listAfter(page, () => ui.treeNode(page, '糊箱机').click(), { path: '/dps-server/device/list', where: (params) => params.has('deviceTypeId') });
    const gluers = await ui.listRows(page);
    expect(gluers.length).toBeGreaterThan(0);
    expect(new Set(gluers.map((row) => row['设备类型']))).toEqual(new Set(['糊箱机']));

    await page.locator('.mes-category-tree').getByRole('button', { name: '新增' }).click();
    const addType = ui.dialog(page, '新增设备类型');
    await addType.waitFor();
    await settleAnimations(page);
    await addType.getByPlaceholder('请输入类型编码').fill('E2E_TYPE');
    await addType.getByPlaceholder('请输入类型名称').fill('测试类型');
    await addType.getByRole('button', { name: '确定' }).click();
    await ui.treeNode(page, '测试类型').waitFor();
    await ui.treeAction(page, '测试类型', '重命名');
    const rename = ui.dialog(page, '重命名设备类型');
    await rename.getByPlaceholder('请输入类型名称').fill('测试类型改');
    await rename.getByRole('button', { name: '确定' }).click();
    await ui.treeNode(page, '测试类型改').waitFor();
    await ui.treeAction(page, '测试类型改', '删除');
    await ui.confirm(page, '确定删除设备类型「测试类型改」吗？');
    await ui.treeNode(page, '测试类型改').waitFor({ state: 'detached' });

    // 新增设备 opens the full editor page with the tree's type preselected.
    const listUrl = pathOf(page);
    expect(new URL(page.url()).searchParams.get('typeId')).not.toBeNull();
    await page.getByRole('button', { name: '新增设备' }).click();
    await page.waitForURL((url) => url.pathname === '/edit-device');
    const editor = page.locator('.mes-edit-device');
    await editor.getByText('新增设备', { exact: true }).waitFor();
    const basic = editor.locator('.mes-device-basic');
    await basic.locator('.ant-form-item', { hasText: '设备类型' }).locator('.ant-select', { hasText: '糊箱机' }).waitFor();
    await basic.getByPlaceholder('请输入设备编号').fill('E2E-HX-09');
    await basic.getByPlaceholder('请输入设备名称').fill('测试糊箱机');
    await basic.getByPlaceholder('请输入品牌').fill('东方');
    await ui.pick(basic.locator('.ant-form-item', { hasText: '车间' }).locator('.ant-select'), '成型车间');
    await editor.getByRole('button', { name: '添加理论速度' }).click();
    await ui.pick(editor.locator('.mes-device-speed').first().locator('.ant-select').first(), '糊箱');
    await editor.getByPlaceholder('速度').fill('9000');
    await editor.getByRole('button', { name: '添加备件' }).click();
    await editor.getByPlaceholder('备件名称').fill('送纸胶轮');
    await editor.getByPlaceholder('规格').fill('Φ80');
    await editor.getByRole('button', { name: '保存' }).click();
    await ui.message(page, '新增成功').waitFor();
    // Back on the list it came from: same tab and type.
    await page.waitForURL((url) => url.pathname === '/modeling');
    expect(pathOf(page)).toBe(listUrl);
    await ui.rowWith(page, 'E2E-HX-09').waitFor();
    expect(await ui.listRow(page, '设备编号', 'E2E-HX-09')).toMatchObject({
      设备名称: '测试糊箱机',
      设备类型: '糊箱机',
      车间: '成型车间',
      设备用途: '生产设备',
      品牌: '东方',
      设备状态: '空闲',
    });

    // 编辑 opens /edit-device?id=… with the saved values; leaving a changed form asks first.
    await ui.rowAction(ui.rowWith(page, 'E2E-HX-09'), '编辑');
    await page.waitForURL((url) => url.pathname === '/edit-device' && url.searchParams.has('id'));
    await editor.getByText('编辑设备：测试糊箱机（E2E-HX-09）').waitFor();
    expect(await editor.getByPlaceholder('备件名称').inputValue()).toBe('送纸胶轮');
    expect(await editor.getByPlaceholder('速度').inputValue()).toBe('9000');
    // The process names come with the process options (a request of their own): wait for them.
    await expect.poll(() => editor.locator('.mes-device-speed').innerText()).toContain('糊箱');
    await editor.getByPlaceholder('速度').fill('12000');
    await basic.getByPlaceholder('请输入品牌').fill('东方机械');
    await shot(page, 'modeling-6-device-page');
    await editor.locator('.mes-device-parts').scrollIntoViewIfNeeded();
    await shot(page, 'modeling-6b-device-page-parts');
    await editor.getByRole('button', { name: '取消' }).click();
    const leave = ui.confirmDialog(page, '放弃未保存的修改？');
    await leave.waitFor();
    await settleAnimations(page);
    await leave.getByRole('button', { name: '继续编辑' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/edit-device');
    // Leaving by the sidebar or the browser's back button asks the same; 继续编辑 keeps the changes.
    const sider = page.locator('.mes-sider-menu');
    const baseCfg = sider.locator('.ant-menu-item', { hasText: '基础配置' });
    if (!(await baseCfg.isVisible())) await sider.locator('.ant-menu-submenu-title', { hasText: '系统配置' }).click();
    for (const leaveBy of [() => baseCfg.click(), () => page.goBack()]) {
      await leaveBy();
      await leave.waitFor();
      await settleAnimations(page);
      await leave.getByRole('button', { name: '继续编辑' }).click();
      await leave.waitFor({ state: 'detached' });
      await expect.poll(() => new URL(page.url()).pathname).toBe('/edit-device');
      expect(await basic.getByPlaceholder('请输入品牌').inputValue()).toBe('东方机械');
    }
    await editor.getByRole('button', { name: '保存' }).click();
    await ui.message(page, '修改成功').waitFor();
    await page.waitForURL((url) => url.pathname === '/modeling');
    expect(pathOf(page)).toBe(listUrl);
    await ui.rowWith(page, 'E2E-HX-09').filter({ hasText: '东方机械' }).waitFor();
    await shot(page, 'modeling-7-device-list-after-edit');

    await ui.rowAction(ui.rowWith(page, 'E2E-HX-09'), '编辑');
    await editor.getByText('编辑设备：测试糊箱机（E2E-HX-09）').waitFor();
    expect(await editor.getByPlaceholder('速度').inputValue()).toBe('12000');
    // Nothing changed: 返回设备列表 leaves without asking.
    await editor.getByRole('button', { name: '返回设备列表' }).click();
    await page.waitForURL((url) => url.pathname === '/modeling');
    expect(pathOf(page)).toBe(listUrl);
  });

  it('makes a flow dedicated to one product (产品专用): the product uses it and others are not offered it', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/modeling?tab=workFlow');
    const editor = await ui.openDialog(page, '新增工艺路线');
    await editor.getByPlaceholder('请输入工艺路线编码').fill('E2E-ZY-01');
    await editor.getByPlaceholder('请输入工艺路线名称').fill('端到端专用路线');
    await editor.getByText('产品专用', { exact: true }).click();
    const products = await ui.openSelect(editor.locator('.mes-product-picker'));
    await page.keyboard.type('CP00300');
    const option = products.locator('.ant-select-item-option', { hasText: 'CP00300' });
    await option.waitFor();
    const productLabel = (await option.getAttribute('title')) ?? '';
    await option.click();
    for (const [index, name] of ['瓦线生产', '水印开槽', '打包'].entries()) {
      await editor.getByRole('button', { name: '添加工序' }).click();
      await ui.pick(editor.locator(`.mes-flow-step[data-step="${index + 1}"] .ant-select`).first(), name);
    }
    await shot(page, 'modeling-12-dedicated-flow-editor');
    await ui.listAfter(page, () => editor.getByRole('button', { name: '确定' }).click(), { path: '/dps-server/work_flow/list' });
    await ui.message(page, '新增成功').waitFor();
    expect(await ui.listRow(page, '工艺路线编码', 'E2E-ZY-01')).toMatchObject({
      类型: '产品专用',
      所属产品: productLabel,
      产品数量: '1',
    });

    await ui.listAfter(page, () => page.getByRole('tab', { name: '产品档案' }).click(), { path: '/dps-server/product/list' });
    await ui.filterBy(page, '产品编号', 'CP00300', 'productNo');
    expect((await ui.listRows(page)).map((row) => [row['产品编号'], row['工艺路线']])).toEqual([['CP00300', '端到端专用路线']]);
    await shot(page, 'modeling-13-product-uses-dedicated-flow');
    // Its own form offers the dedicated flow; another product's form does not.
    await ui.rowAction(ui.tableRows(page).first(), '编辑');
    const own = ui.dialog(page, '编辑产品');
    const ownFlowSelect = own.locator('.ant-form-item', { hasText: '工艺路线' }).locator('.ant-select');
    const ownFlows = await ui.openSelect(ownFlowSelect);
    await ownFlows.locator('.ant-select-item-option', { hasText: '端到端专用路线' }).waitFor();
    await ui.closeSelect(ownFlowSelect);
    await own.getByRole('button', { name: '取消' }).click();
    await own.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    const fresh = await ui.openDialog(page, '新增产品');
    const freshFlowSelect = fresh.locator('.ant-form-item', { hasText: '工艺路线' }).locator('.ant-select');
    const flows = await ui.openSelect(freshFlowSelect);
    // Search rather than read the (virtual) option list: templates are offered, the dedicated flow is not.
    const offered = (text: string) => flows.locator('.ant-select-item-option', { hasText: text });
    await page.keyboard.type('开槽粘箱');
    await offered('开槽粘箱').first().waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('端到端专用路线');
    await flows.locator('.ant-select-item-empty').waitFor();
    expect(await offered('端到端专用路线').count()).toBe(0);
    await ui.closeSelect(freshFlowSelect);
  });

  it('shows the 工序地图: processes in columns, a node lists the flows through it, a flow lights its path', async () => {
    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/modeling?tab=workFlow');
    await page.locator('.mes-work-flow-view').getByText('工序地图', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'map');
    const map = page.locator('.mes-process-map');
    const node = (name: string) => map.locator(`.mes-map-node[data-process="${name}"]`);
    await node('瓦线生产').waitFor();
    const columnOf = async (name: string) => Number((await node(name).locator('rect').getAttribute('x')) ?? 0);
    const columns = await Promise.all(['瓦线生产', '水印开槽', '圆压圆模切', '糊箱', '打包'].map(columnOf));
    expect([...columns].sort((a, b) => a - b)).toEqual(columns);
    expect(new Set(columns).size).toBe(columns.length);
    expect(Number(await map.locator('.mes-map-edge[data-edge="瓦线生产→水印开槽"]').getAttribute('data-count'))).toBeGreaterThanOrEqual(4);

    await shot(page, 'modeling-14a-process-map-overview');
    await node('圆压圆模切').click();
    await map.getByText(/^经过「圆压圆模切」的工艺路线（\d+）$/).waitFor();
    const flows = map.locator('.mes-map-flow');
    expect(await flows.evaluateAll((items) => items.map((item) => item.getAttribute('data-flow')))).toEqual(['GY03', 'GY08']);
    expect(await map.locator('.mes-map-edge.is-active').count()).toBe(4);
    await map.locator('.mes-map-flow[data-flow="GY08"]').click();
    await map.locator('.mes-map-flow.is-active[data-flow="GY08"]').waitFor();
    expect(await map.locator('.mes-map-edge.is-active').evaluateAll((edges) => edges.map((edge) => edge.getAttribute('data-edge')).sort())).toEqual(
      ['圆压圆模切→打包', '单色印刷→圆压圆模切', '瓦线生产→单色印刷'].sort(),
    );
    await shot(page, 'modeling-14-process-map');

    await page.reload();
    await node('瓦线生产').waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('map');
    await page.locator('.mes-work-flow-view').getByText('列表', { exact: true }).click();
    await ui.waitForList(page);
    expect(new URL(page.url()).searchParams.has('view')).toBe(false);
  });

  it('<mes-modeling> shows the same tabs inside a host page', async () => {
    const page = await env.newPage();
    await hostWithSession(page, env.server.url, 'mes-modeling');
    await page.getByRole('tab', { name: '车间' }).waitFor();
    await ui.waitForList(page);
    expect(await ui.listColumn(page, '车间名称')).toEqual(expect.arrayContaining(['瓦线车间', '印刷车间', '成型车间']));
    await ui.rowAction(ui.rowWith(page, '瓦线车间'), '删除');
    await ui.confirm(page, '确定删除车间「瓦线车间」吗？');
    await ui.message(page, '车间「瓦线车间」下存在设备，无法删除').waitFor();
    await shot(page, 'modeling-8-element-workshops');
    expect(await ui.rowWith(page, '瓦线车间').count()).toBe(1);
    await page.getByRole('tab', { name: '工艺路线' }).click();
    await ui.rowWith(page, '开槽粘箱').first().waitFor();
    await shot(page, 'modeling-9-element-flows');
  });

  it('imports products: bad rows are reported and nothing is written; the fixed file imports', async () => {
    const workbookOf = async (rows: Array<Array<string | number>>) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('产品');
      sheet.addRow(['产品编号', '产品名称', '客户', '产品分类', '箱型', '内长(mm)', '内宽(mm)', '内高(mm)', '纸板编码', '楞型', '印刷颜色数', '工艺路线', '备注']);
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const good = (index: number) => [`IMP-${index}`, `导入纸箱${index}`, '导入测试客户', '普通开槽箱', '0201', 300 + index, 200, 150, 'K5A3K5', 'BC', 2, '开槽粘箱', ''];
    const rows = Array.from({ length: 50 }, (_, index) => good(index + 1));
    rows[9] = [...good(10).slice(0, 5), 0, ...good(10).slice(6)];
    rows[29] = [...good(30).slice(0, 9), 'Z', ...good(30).slice(10)];

    const page = await env.newPage();
    await ui.openList(page, env.server.url, '/modeling?tab=product');
    const importDialog = ui.dialog(page, '导入产品');
    const upload = async (buffer: Buffer) => {
      await page.getByRole('button', { name: '导入' }).click();
      await importDialog.locator('input[type=file]').setInputFiles({
        name: '产品导入.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      });
      await importDialog.getByText('已选择：产品导入.xlsx').waitFor();
      await importDialog.getByRole('button', { name: '确定' }).click();
    };
    await upload(await workbookOf(rows));
    const failures = importDialog.locator('.mes-import-failures .ant-table-row');
    await failures.first().waitFor();
    const reported = await failures.allInnerTexts();
    expect(reported).toHaveLength(2);
    expect(reported[0]).toMatch(/^11\s+内长\(mm\)必须是1-10000的整数$/);
    expect(reported[1]).toMatch(/^31\s+/);
    await shot(page, 'modeling-10-import-refused');
    await importDialog.getByRole('button', { name: '取消' }).click();
    await ui.filterBy(page, '客户', '导入测试客户', 'customerName');
    expect(await ui.tableRows(page).count()).toBe(0);

    rows[9] = good(10);
    rows[29] = good(30);
    await ui.listAfter(page, async () => {
      await upload(await workbookOf(rows));
      await ui.message(page, '导入成功').waitFor();
    }, { params: { customerName: '导入测试客户' } });
    expect(await page.locator('.mes-list-page').getByText('共 50 条').count()).toBe(1);
    await shot(page, 'modeling-11-imported');
  });
});
