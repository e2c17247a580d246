import { Tag } from 'antd';
import { SysCfgAuthorities as A } from '@core/access/authorities/sys-cfg';
import { TICKET_ORIENTATION, TICKET_PAPER_SIZE, TICKET_PRINT_TYPE, type TicketTemplate } from '@core/contracts/sys-cfg';
import type { ListSpec } from '../../components';
import { ticketTemplatesApi } from './ticket-template.api';

const printTypeOptions = TICKET_PRINT_TYPE.options.map((option) => ({ value: String(option.value), label: option.label }));

/** The editor's address for a template (or a new one of a print type). */
export function ticketEditorPath(row: Pick<TicketTemplate, 'id' | 'printType' | 'isDefault'> | { printType: number }): string {
  if (!('id' in row)) return `/ticket-temp-cfg?printType=${row.printType}`;
  return `/ticket-temp-cfg?id=${row.id}&printType=${row.printType}&isDefault=${row.isDefault ? 1 : 0}`;
}

/** 流转卡模板: the factory's print templates; editing happens on /ticket-temp-cfg. */
export function ticketTemplateList(open: (path: string) => void): ListSpec<TicketTemplate> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'printType', direction: 'asc' },
    columns: [
      { prop: 'templateName', label: '模板名称', filter: { type: 'input' }, sortable: true, width: 170 },
      { prop: 'printType', label: '打印类型', type: 'enum', options: printTypeOptions, filter: { type: 'select', multiple: true }, sortable: true, width: 110 },
      { prop: 'paperSize', label: '纸张', width: 170, render: (row) => `${TICKET_PAPER_SIZE.label(row.paperSize)} ${TICKET_ORIENTATION.label(row.orientation)}` },
      { prop: 'isDefault', label: '默认', width: 70, render: (row) => (row.isDefault ? <Tag color="green">默认</Tag> : '-') },
      { prop: 'remark', label: '备注', width: 150 },
      { prop: 'updateTime', label: '更新时间', type: 'date', sortable: true, width: 160 },
    ],
    fetch: ticketTemplatesApi.list,
    toolbar: [
      { key: 'addTicket', label: '新增流转卡模板', primary: true, authority: A.ticketTemplateAdd, run: () => open(ticketEditorPath({ printType: 1 })) },
      { key: 'addLabel', label: '新增成品标签模板', authority: A.ticketTemplateAdd, run: () => open(ticketEditorPath({ printType: 2 })) },
    ],
    rowActions: [
      { key: 'edit', label: '编辑', authority: A.ticketTemplateEdit, run: (row) => open(ticketEditorPath(row)) },
      {
        key: 'default',
        label: '设为默认',
        authority: A.ticketTemplateDefault,
        when: (row) => !row.isDefault,
        confirm: (row) => `确定将「${row.templateName}」设为${TICKET_PRINT_TYPE.label(row.printType)}的默认模板吗？`,
        run: (row) => ticketTemplatesApi.setDefault(row.id),
      },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        authority: A.ticketTemplateDelete,
        when: (row) => !row.isDefault,
        confirm: (row) => `确定删除「${row.templateName}」吗？`,
        run: (row) => ticketTemplatesApi.remove([row.id]),
      },
    ],
  };
}
