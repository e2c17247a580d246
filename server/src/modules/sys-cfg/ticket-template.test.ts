import { describe, expect, it } from 'vitest';
import type { PageResult } from '@core/contracts/common';
import { SysCfgAuthorities } from '@core/access/authorities/sys-cfg';
import { allActionCodes } from '@core/access/action-codes';
import { allRouteAuthorities } from '@core/access/route-catalog';
import { ticketPageSizeMm, type CreateTicketTemplateRequest, type TicketTemplate } from '@core/contracts/sys-cfg';
import { loginAs, type TestApp, useTwoFactoryApp } from '../../test-support';

let t: TestApp;
/** admin in 示例纸箱厂 (1001) */
let admin: string;
/** admin switched to 示例纸板厂 (1002) */
let boardAdmin: string;

const { get, post, data, logCount } = useTwoFactoryApp((env) => ({ t, admin, boardAdmin } = env));

const BASE = '/dps-server/ticket_template';

type Page<T> = PageResult<T>;

function template(overrides: Partial<CreateTicketTemplateRequest> = {}): CreateTicketTemplateRequest {
  return {
    templateName: '测试流转卡',
    printType: 1,
    paperSize: 'A5',
    orientation: 'landscape',
    title: '工单流转卡',
    fields: [
      { fieldKey: 'workOrderNo', span: 'half', bold: true },
      { fieldKey: 'customerName', fieldLabel: '  客户  ', span: 'full' },
      { fieldKey: 'planQuantity', span: 'half' },
    ],
    showQrCode: true,
    qrPosition: 'topRight',
    ...overrides,
  };
}

async function list(token: string, query = 'limit=100'): Promise<TicketTemplate[]> {
  return (await data(get<Page<TicketTemplate>>(token, `${BASE}/list?${query}`))).list;
}
async function defaults(token: string, printType: number): Promise<string[]> {
  return (await list(token, `limit=100&printType=${printType}`)).filter((row) => row.isDefault).map((row) => row.templateName);
}

describe('ticket template contract', () => {
  it('gives page sizes in mm for both orientations', () => {
    expect(ticketPageSizeMm('A5', 'landscape')).toEqual({ widthMm: 210, heightMm: 148 });
    expect(ticketPageSizeMm('A4', 'portrait')).toEqual({ widthMm: 210, heightMm: 297 });
    expect(ticketPageSizeMm('LABEL_100X80', 'landscape')).toEqual({ widthMm: 100, heightMm: 80 });
  });

  it('declares its authorities in the menu catalogue or the action codes', () => {
    const known = new Set([...allRouteAuthorities(), ...allActionCodes()]);
    const codes = Object.entries(SysCfgAuthorities).filter(([key]) => key.startsWith('ticketTemplate'));
    expect(codes).toHaveLength(5);
    expect(codes.filter(([, code]) => !known.has(code))).toEqual([]);
  });
});

describe('ticket templates', () => {
  it('lists the seeded templates of the current factory only, one default per print type', async () => {
    const carton = await list(admin);
    expect(carton.map((row) => row.templateName)).toEqual(['标准工单流转卡', '简版流转卡（A5横向）', '成品捆包标签']);
    expect(await defaults(admin, 1)).toEqual(['标准工单流转卡']);
    expect(await defaults(admin, 2)).toEqual(['成品捆包标签']);
    const board = await list(boardAdmin);
    expect(board.map((row) => row.templateName)).toEqual(['纸板工单流转卡', '纸板垛标签']);
    expect(board.every((row) => row.isDefault)).toBe(true);
    const standard = carton[0]!;
    expect(standard).toMatchObject({ printType: 1, paperSize: 'A4', orientation: 'portrait', showQrCode: true, qrPosition: 'topRight', showProcessTable: true });
    expect(standard.fields[0]).toEqual({ fieldKey: 'workOrderNo', span: 'half', bold: true });
    expect(await list(admin, 'printType=2')).toHaveLength(1);
  });

  it('creates, reads, updates and deletes a template and logs every write', async () => {
    const { id } = await data(post<{ id: number }>(admin, `${BASE}/create`, template()));
    const created = await data(get<TicketTemplate>(admin, `${BASE}/detail/${id}`));
    expect(created).toMatchObject({ id, templateName: '测试流转卡', printType: 1, paperSize: 'A5', orientation: 'landscape', showProcessTable: false, isDefault: false, remark: '' });
    // Order kept, blank label override trimmed, bold defaults to false.
    expect(created.fields).toEqual([
      { fieldKey: 'workOrderNo', span: 'half', bold: true },
      { fieldKey: 'customerName', fieldLabel: '客户', span: 'full', bold: false },
      { fieldKey: 'planQuantity', span: 'half', bold: false },
    ]);
    expect(await logCount('新增流转卡模板：测试流转卡（工单流转卡，A5（148×210mm））')).toBe(1);

    const reordered = [
      { fieldKey: 'planQuantity', span: 'full' as const, bold: true },
      { fieldKey: 'workOrderNo', span: 'half' as const },
    ];
    await data(post(admin, `${BASE}/update`, { ...template({ templateName: '测试流转卡-改', paperSize: 'B5', orientation: 'portrait', fields: reordered, showProcessTable: true, showQrCode: false }), id }));
    const updated = await data(get<TicketTemplate>(admin, `${BASE}/detail/${id}`));
    expect(updated).toMatchObject({ templateName: '测试流转卡-改', paperSize: 'B5', orientation: 'portrait', showProcessTable: true, showQrCode: false });
    expect(updated.fields.map((field) => field.fieldKey)).toEqual(['planQuantity', 'workOrderNo']);
    expect(await logCount('编辑流转卡模板：测试流转卡-改（工单流转卡，B5（176×250mm））（原名称：测试流转卡）')).toBe(1);

    expect(await data(post(admin, `${BASE}/delete_batch`, { ids: [id] }))).toEqual({ deleted: 1 });
    expect(await get(admin, `${BASE}/detail/${id}`)).toEqual({ resultCode: 4004, resultMsg: '流转卡模板不存在' });
    expect(await logCount('删除流转卡模板：测试流转卡-改')).toBe(1);
  });

  it('refuses invalid templates with a Chinese message naming the field', async () => {
    expect(await post(admin, `${BASE}/create`, template({ templateName: '' }))).toEqual({ resultCode: 4000, resultMsg: '模板名称不能为空' });
    expect(await post(admin, `${BASE}/create`, template({ templateName: '   ' }))).toEqual({ resultCode: 4000, resultMsg: '模板名称不能为空' });
    expect(await post(admin, `${BASE}/create`, template({ fields: [] }))).toMatchObject({ resultCode: 4000, resultMsg: expect.stringContaining('打印字段') });
    expect(await post(admin, `${BASE}/create`, template({ paperSize: 'A3' as never }))).toMatchObject({ resultCode: 4000, resultMsg: expect.stringContaining('纸张') });
    expect(await post(admin, `${BASE}/create`, template({ fields: [{ fieldKey: 'workOrderNo', span: 'wide' as never }] }))).toMatchObject({
      resultCode: 4000,
      resultMsg: expect.stringContaining('字段宽度'),
    });
    const { fields: _omitted, ...noFields } = template();
    expect(await post(admin, `${BASE}/create`, noFields)).toEqual({ resultCode: 4000, resultMsg: '打印字段不能为空' });
  });

  it('refuses unknown and repeated field keys and writes nothing', async () => {
    const before = (await list(admin)).length;
    expect(await post(admin, `${BASE}/create`, template({ fields: [{ fieldKey: 'salary', span: 'half' }] }))).toEqual({
      resultCode: 4000,
      resultMsg: '打印字段「salary」不存在',
    });
    expect(
      await post(admin, `${BASE}/create`, template({ fields: [{ fieldKey: 'orderNo', span: 'half' }, { fieldKey: 'orderNo', span: 'full' }] })),
    ).toEqual({ resultCode: 4000, resultMsg: '打印字段「订单号」重复' });
    expect((await list(admin)).length).toBe(before);
  });

  it('keeps names unique per factory and print type, also under concurrent creates', async () => {
    const attempts = await Promise.all([1, 2, 3].map(() => post<{ id: number }>(admin, `${BASE}/create`, template({ templateName: '并发模板' }))));
    expect(attempts.filter((body) => body.resultCode === 1000)).toHaveLength(1);
    expect(attempts.filter((body) => body.resultCode !== 1000)).toEqual([
      { resultCode: 4009, resultMsg: '模板名称「并发模板」已存在' },
      { resultCode: 4009, resultMsg: '模板名称「并发模板」已存在' },
    ]);
    // Same name under the other print type, or in the other factory, is fine.
    await data(post(admin, `${BASE}/create`, template({ templateName: '并发模板', printType: 2, paperSize: 'LABEL_100X80' })));
    await data(post(boardAdmin, `${BASE}/create`, template({ templateName: '并发模板' })));
    const ids = (await list(admin, 'templateName=并发模板')).map((row) => row.id);
    expect(ids).toHaveLength(2);
    await data(post(admin, `${BASE}/delete_batch`, { ids }));
  });

  it('keeps exactly one default per factory and print type', async () => {
    const { id } = await data(post<{ id: number }>(admin, `${BASE}/create`, template({ templateName: '新默认卡' })));
    expect(await defaults(admin, 1)).toEqual(['标准工单流转卡']);
    await data(post(admin, `${BASE}/set_default`, { id }));
    expect(await defaults(admin, 1)).toEqual(['新默认卡']);
    // The other print type and the other factory keep theirs.
    expect(await defaults(admin, 2)).toEqual(['成品捆包标签']);
    expect(await defaults(boardAdmin, 1)).toEqual(['纸板工单流转卡']);
    expect(await logCount('设为默认流转卡模板：新默认卡')).toBe(1);

    // Creating with isDefault moves the default again.
    const second = await data(post<{ id: number }>(admin, `${BASE}/create`, template({ templateName: '创建即默认', isDefault: true })));
    expect(await defaults(admin, 1)).toEqual(['创建即默认']);

    // Deleting the default is refused and changes nothing, also inside a batch.
    const refused = { resultCode: 4009, resultMsg: '「创建即默认」是默认模板，不能删除，请先将其他模板设为默认' };
    expect(await post(admin, `${BASE}/delete_batch`, { ids: [second.id] })).toEqual(refused);
    expect(await post(admin, `${BASE}/delete_batch`, { ids: [id, second.id] })).toEqual(refused);
    expect((await list(admin, 'printType=1')).map((row) => row.templateName)).toEqual(expect.arrayContaining(['新默认卡', '创建即默认']));

    // Concurrent set-defaults end with exactly one default.
    const ids = (await list(admin, 'printType=1')).map((row) => row.id);
    await Promise.all(ids.map((candidate) => data(post(admin, `${BASE}/set_default`, { id: candidate }))));
    expect(await defaults(admin, 1)).toHaveLength(1);

    await data(post(admin, `${BASE}/set_default`, { id: ids[0] }));
    await data(post(admin, `${BASE}/delete_batch`, { ids: [id, second.id] }));
    expect(await defaults(admin, 1)).toEqual(['标准工单流转卡']);
  });

  it('makes the first template of a print type its default', async () => {
    const { id } = await data(post<{ id: number }>(boardAdmin, `${BASE}/create`, template({ templateName: '板厂标签2' })));
    expect(await defaults(boardAdmin, 1)).toEqual(['纸板工单流转卡']);
    await data(post(boardAdmin, `${BASE}/delete_batch`, { ids: [id] }));
    const rows = await t.db.selectFrom('ticket_template').select('id').where('org_id', '=', 1002).where('print_type', '=', 2).execute();
    await t.db.updateTable('ticket_template').set({ is_default: false }).where('id', 'in', rows.map((row) => row.id)).execute();
    await t.db.deleteFrom('ticket_template').where('id', 'in', rows.map((row) => row.id)).execute();
    await data(post(boardAdmin, `${BASE}/create`, template({ templateName: '新纸板标签', printType: 2, paperSize: 'LABEL_100X100' })));
    expect(await defaults(boardAdmin, 2)).toEqual(['新纸板标签']);
  });

  it('never lets the other factory see or change a template', async () => {
    const cartonRow = (await list(admin))[0]!;
    expect((await list(boardAdmin)).some((row) => row.id === cartonRow.id)).toBe(false);
    expect(await get(boardAdmin, `${BASE}/detail/${cartonRow.id}`)).toMatchObject({ resultCode: 4004 });
    expect(await post(boardAdmin, `${BASE}/update`, { ...template({ templateName: '越权修改' }), id: cartonRow.id })).toMatchObject({ resultCode: 4004 });
    expect(await post(boardAdmin, `${BASE}/set_default`, { id: cartonRow.id })).toMatchObject({ resultCode: 4004 });
    expect(await post(boardAdmin, `${BASE}/delete_batch`, { ids: [cartonRow.id] })).toMatchObject({ resultCode: 4004 });
    expect(await data(get<TicketTemplate>(admin, `${BASE}/detail/${cartonRow.id}`))).toEqual(cartonRow);
  });

  it('refuses a changed print type on update', async () => {
    const row = (await list(admin, 'printType=1'))[1]!;
    expect(await post(admin, `${BASE}/update`, { ...template({ templateName: row.templateName, printType: 2 }), id: row.id })).toEqual({
      resultCode: 4000,
      resultMsg: '模板的打印类型不能修改',
    });
  });

  it('refuses callers without a session (1003) or without the authority (4003)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `${BASE}/list` });
    expect(anonymous.json()).toMatchObject({ resultCode: 1003 });
    const planner = await loginAs(t.app, 'planner', 'planner123');
    expect(await get(planner, `${BASE}/list`)).toEqual({ resultCode: 4003, resultMsg: '没有操作权限' });
    expect(await post(planner, `${BASE}/create`, template({ templateName: '计划员模板' }))).toMatchObject({ resultCode: 4003 });
    expect(await post(planner, `${BASE}/set_default`, { id: 1 })).toMatchObject({ resultCode: 4003 });
    expect((await list(admin, 'templateName=计划员模板')).length).toBe(0);
  });
});
