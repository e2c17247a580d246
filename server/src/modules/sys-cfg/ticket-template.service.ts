import { sql } from 'kysely';
import type { PageResult } from '@core/contracts/common';
import {
  TICKET_PAPER_SIZE,
  TICKET_PRINT_TYPE,
  ticketFieldsProblem,
  type CreateTicketTemplateRequest,
  type TicketField,
  type TicketPrintType,
  type TicketTemplate,
  type UpdateTicketTemplateRequest,
} from '@core/contracts/sys-cfg';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { runList, type ListParams } from '../../lib/list-query';
import { guardUnique } from '../../lib/unique';
import type { Scope } from '../../plugins/auth';
import { conflict, notFound, validation } from '../../lib/errors';
import { stampsOf } from '../../lib/datetime';
import { text } from '../../lib/rows';
import { factoryList, inScope, insertRow, type RowOf, updateRow } from '../../lib/scoped';

export const TicketTemplateMessages = {
  notFound: '流转卡模板不存在',
  taken: (name: string) => `模板名称「${name}」已存在`,
  deleteDefault: (name: string) => `「${name}」是默认模板，不能删除，请先将其他模板设为默认`,
} as const;

export const TICKET_TEMPLATE_LIST = factoryList('t', {
  filters: {
    templateName: { column: 't.template_name', kind: 'like', label: '模板名称' },
    printType: { column: 't.print_type', kind: 'in', label: '打印类型', integer: true },
  },
  sorts: { id: 't.id', templateName: 't.template_name', printType: 't.print_type', updateTime: 't.updated_at' },
  defaultSort: { field: 'printType', direction: 'asc' },
});

function templateQuery(db: Db) {
  return db.selectFrom('ticket_template as t').selectAll('t');
}
type TemplateRow = RowOf<typeof templateQuery>;

/** jsonb arrives parsed from both engines; a text value (older drivers) is parsed here. */
function parsedFields(value: unknown): TicketField[] {
  const fields = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(fields) ? (fields as TicketField[]) : [];
}

function toTemplate(row: TemplateRow): TicketTemplate {
  return {
    id: row.id,
    templateName: row.template_name,
    printType: row.print_type as TicketPrintType,
    paperSize: row.paper_size,
    orientation: row.orientation,
    title: row.title,
    fields: parsedFields(row.fields),
    showQrCode: row.show_qr_code,
    qrPosition: row.qr_position,
    showProcessTable: row.show_process_table,
    isDefault: row.is_default,
    remark: row.remark,
    ...stampsOf(row),
  };
}

/** Only what the contract allows travels into the jsonb column (blank label overrides dropped). */
function cleanFields(fields: TicketField[]): TicketField[] {
  return fields.map((field) => {
    const label = text(field.fieldLabel);
    return { fieldKey: field.fieldKey, ...(label ? { fieldLabel: label } : {}), span: field.span, bold: field.bold === true };
  });
}

function values(request: CreateTicketTemplateRequest | UpdateTicketTemplateRequest) {
  const problem = ticketFieldsProblem(request.fields);
  if (problem) throw validation(problem);
  const name = text(request.templateName);
  if (!name) throw validation('模板名称不能为空');
  return {
    template_name: name,
    paper_size: request.paperSize,
    orientation: request.orientation,
    title: text(request.title),
    fields: JSON.stringify(cleanFields(request.fields)),
    show_qr_code: request.showQrCode,
    qr_position: request.qrPosition,
    show_process_table: request.showProcessTable === true,
    remark: text(request.remark),
  };
}

const UNIQUE = (name: string) => ({
  ticket_template_name_uq: TicketTemplateMessages.taken(name),
  ticket_template_default_uq: '默认模板正在被其他操作修改，请刷新后重试',
});

/**
 * Serialises writes that touch one factory's defaults of one print type (two concurrent
 * set-defaults or first creates would otherwise both see "no default").
 */
async function lockPrintType(trx: Db, scope: Scope, printType: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(7007, hashtext(${`${scope.enterpriseId}:${scope.orgId}:${printType}`}))`.execute(trx);
}

async function nameTaken(db: Db, scope: Scope, printType: number, name: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('ticket_template')
    .select('id')
    .where(inScope(scope))
    .where('print_type', '=', printType)
    .where('template_name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function findRow(db: Db, scope: Scope, id: number): Promise<TemplateRow> {
  const row = await templateQuery(db).where(inScope(scope, 't')).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(TicketTemplateMessages.notFound);
  return row;
}

/** Makes `id` the only default of its factory and print type (caller holds the print-type lock). */
async function makeDefault(trx: Db, scope: Scope, printType: number, id: number): Promise<void> {
  await trx
    .updateTable('ticket_template')
    .set({ is_default: false })
    .where(inScope(scope))
    .where('print_type', '=', printType)
    .where('is_default', '=', true)
    .where('id', '!=', id)
    .execute();
  await trx.updateTable('ticket_template').set({ is_default: true }).where('id', '=', id).execute();
}

/**
 * The template a print uses: the factory's template `id` (4004 when it is not the factory's), else
 * the factory's default 工单流转卡 template; null when the factory has none.
 */
export async function printTemplate(db: Db, scope: Scope, id?: number): Promise<TicketTemplate | null> {
  if (id !== undefined) return toTemplate(await findRow(db, scope, id));
  const row = await templateQuery(db).where(inScope(scope, 't')).where('t.print_type', '=', 1).where('t.is_default', '=', true).executeTakeFirst();
  return row ? toTemplate(row) : null;
}

const describe = (name: string, printType: number, paperSize: string) =>
  `${name}（${TICKET_PRINT_TYPE.label(printType)}，${TICKET_PAPER_SIZE.label(paperSize)}）`;

/**
 * Work-order ticket templates of the session's factory. Once a print type has templates exactly
 * one of them is its default: the first becomes default, setting another clears the old one, and
 * deleting the default is refused (what the floor prints must never change silently).
 */
export class TicketTemplateService {
  constructor(private readonly db: Db) {}

  list(scope: Scope, params: ListParams): Promise<PageResult<TicketTemplate>> {
    return runList(this.db, templateQuery(this.db), TICKET_TEMPLATE_LIST, scope, params, toTemplate);
  }

  async detail(scope: Scope, id: number): Promise<TicketTemplate> {
    return toTemplate(await findRow(this.db, scope, id));
  }

  async create(scope: Scope, request: CreateTicketTemplateRequest, context: OperationContext): Promise<{ id: number }> {
    const row = values(request);
    return guardUnique(
      () =>
        this.db.transaction().execute(async (trx) => {
          await lockPrintType(trx, scope, request.printType);
          if (await nameTaken(trx, scope, request.printType, row.template_name)) throw conflict(TicketTemplateMessages.taken(row.template_name));
          const hasDefault = await trx
            .selectFrom('ticket_template')
            .select('id')
            .where(inScope(scope))
            .where('print_type', '=', request.printType)
            .where('is_default', '=', true)
            .executeTakeFirst();
          const id = await insertRow(trx, 'ticket_template', scope, { print_type: request.printType, ...row, is_default: false });
          const isDefault = request.isDefault === true || !hasDefault;
          if (isDefault) await makeDefault(trx, scope, request.printType, id);
          await recordOperation(trx, context, {
            ...scope,
            content: `新增流转卡模板：${describe(row.template_name, request.printType, row.paper_size)}${isDefault ? '，设为默认' : ''}`,
          });
          return { id };
        }),
      UNIQUE(row.template_name),
    );
  }

  async update(scope: Scope, request: UpdateTicketTemplateRequest, context: OperationContext): Promise<void> {
    const row = values(request);
    await guardUnique(
      () =>
        this.db.transaction().execute(async (trx) => {
          const old = await findRow(trx, scope, request.id);
          if (old.print_type !== request.printType) throw validation('模板的打印类型不能修改');
          if (await nameTaken(trx, scope, old.print_type, row.template_name, old.id)) throw conflict(TicketTemplateMessages.taken(row.template_name));
          await updateRow(trx, 'ticket_template', scope, old.id, row);
          const renamed = old.template_name === row.template_name ? '' : `（原名称：${old.template_name}）`;
          await recordOperation(trx, context, { ...scope, content: `编辑流转卡模板：${describe(row.template_name, old.print_type, row.paper_size)}${renamed}` });
        }),
      UNIQUE(row.template_name),
    );
  }

  async setDefault(scope: Scope, id: number, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await findRow(trx, scope, id);
      await lockPrintType(trx, scope, row.print_type);
      await makeDefault(trx, scope, row.print_type, row.id);
      await trx.updateTable('ticket_template').set({ updated_at: new Date() }).where('id', '=', row.id).execute();
      await recordOperation(trx, context, { ...scope, content: `设为默认流转卡模板：${describe(row.template_name, row.print_type, row.paper_size)}` });
    });
  }

  async deleteBatch(scope: Scope, ids: number[], context: OperationContext): Promise<{ deleted: number }> {
    return this.db.transaction().execute(async (trx) => {
      const types = await trx
        .selectFrom('ticket_template')
        .select('print_type')
        .distinct()
        .where(inScope(scope))
        .where('id', 'in', ids)
        .orderBy('print_type')
        .execute();
      for (const { print_type } of types) await lockPrintType(trx, scope, print_type);
      const rows = await trx
        .selectFrom('ticket_template')
        .select(['id', 'template_name', 'is_default'])
        .where(inScope(scope))
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      if (rows.length !== ids.length) throw notFound(TicketTemplateMessages.notFound);
      const defaultRow = rows.find((row) => row.is_default);
      if (defaultRow) throw conflict(TicketTemplateMessages.deleteDefault(defaultRow.template_name));
      await trx.deleteFrom('ticket_template').where('id', 'in', ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除流转卡模板：${rows.map((row) => row.template_name).join('、')}` });
      return { deleted: ids.length };
    });
  }
}
