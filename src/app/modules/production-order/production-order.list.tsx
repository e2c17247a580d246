import { Tag, Tooltip, Typography } from 'antd';
import { WorkOrderAuthorities as A } from '@core/access/authorities/work-order';
import { ORDER_ACTION_LABEL } from '@core/contracts/work-order/order-state';
import { ORDER_ACTION_AUTHORITY, ORDER_SCREEN_ACTIONS, type OrderScreenAction, type ProductionOrderListRow } from '@core/contracts/work-order/order';
import type { ListColumn, ListContext, ListSpec, RowAction, ToolbarAction } from '@app/components';
import { ordersApi, type OrderListKind } from './production-order.api';
import { legalActionsOf, progressPercent, STATUS_OPTIONS, URGENCY_OPTIONS } from './production-order.options';
import { OrderOperations } from './components/order-operations';

/** What the page does for the list's buttons (dialogs, drawer, navigation live in the page). */
export interface OrderListHandlers {
  openDetail: (row: ProductionOrderListRow) => void;
  openDeliveryDate: (rows: readonly ProductionOrderListRow[], reload: () => void) => void;
  openUrgency: (rows: readonly ProductionOrderListRow[], reload: () => void) => void;
  /** /print-production-order?ids=… in a new tab. */
  print: (rows: readonly ProductionOrderListRow[]) => void;
}

/** Actions that stop or finish work: asked with a red button. */
const DANGEROUS = new Set<OrderScreenAction>(['reject', 'suspend', 'end', 'recycle']);

/** The first selected order the state machine refuses `action` for, as the button's disabled reason. */
function refusedFor(rows: readonly ProductionOrderListRow[], action: 'edit' | 'delete' | 'end', label: string): string | undefined {
  const refused = rows.find((row) => !legalActionsOf(row).includes(action));
  return refused && `订单「${refused.orderNo}」当前状态不能${label}`;
}

function OrderNo({ row, onOpen }: { row: ProductionOrderListRow; onOpen: () => void }) {
  return (
    <span className="mes-order-no">
      <Typography.Link onClick={onOpen}>{row.orderNo}</Typography.Link>
      {row.changeWarnings > 0 && (
        <Tooltip title={`ERP有${row.changeWarnings}条变更待处理`}>
          <Tag color="orange" className="mes-order-change" style={{ marginLeft: 4 }}>
            变更{row.changeWarnings > 1 ? ` ${row.changeWarnings}` : ''}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

/** Long names cut to the column (the list fits 1440 px without a horizontal scroll), whole in the tooltip. */
function Clipped({ text, width }: { text: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: width }}>
      {text}
    </Typography.Text>
  );
}

/** 良品 / 订单数 with the share done. */
function Progressed({ row }: { row: ProductionOrderListRow }) {
  return (
    <span title={`良品 ${row.goodQty} / 订单 ${row.quantity}`}>
      {row.quantity.toLocaleString('zh-CN')}
      {row.goodQty > 0 && <Typography.Text type="secondary"> · {progressPercent(row.goodQty, row.quantity)}%</Typography.Text>}
    </span>
  );
}

function columns(kind: OrderListKind, handlers: OrderListHandlers): ListColumn<ProductionOrderListRow>[] {
  return [
    { prop: 'orderNo', label: '订单号', filter: { type: 'tagInput' }, sortable: true, width: 150, render: (row) => <OrderNo row={row} onOpen={() => handlers.openDetail(row)} /> },
    { prop: 'customerName', label: '客户名称', filter: { type: 'input' }, sortable: true, width: 120, render: (row) => <Clipped text={row.customerName} width={100} /> },
    { prop: 'productName', label: '产品', filter: { type: 'input' }, sortable: true, width: 130, render: (row) => <Clipped text={row.productName} width={110} /> },
    { prop: 'lengthMm', label: '规格（mm）', width: 100, render: (row) => [row.lengthMm, row.widthMm, row.heightMm].filter((mm, index) => index < 2 || mm > 0).join('×') },
    { prop: 'quantity', label: '数量', type: 'number', sortable: true, width: 84, render: (row) => <Progressed row={row} /> },
    { prop: 'deliveryDate', label: '交货日期', sortable: true, width: 100, filter: { type: 'daterange' } },
    { prop: 'urgency', label: '紧急', type: 'tag', options: URGENCY_OPTIONS, sortable: true, width: 70, filter: { type: 'select', multiple: true } },
    { prop: 'status', label: '订单状态', type: 'tag', options: STATUS_OPTIONS, width: 84, ...(kind === 'semi' ? {} : { filter: { type: 'select', multiple: true } }) },
  ];
}

function stateActions(kind: OrderListKind): RowAction<ProductionOrderListRow>[] {
  const actions = kind === 'semi' ? (['recover'] as const) : ORDER_SCREEN_ACTIONS;
  return actions.map((action) => {
    const label = ORDER_ACTION_LABEL[action];
    return {
      key: action,
      label,
      authority: ORDER_ACTION_AUTHORITY[action],
      danger: DANGEROUS.has(action),
      when: (row) => legalActionsOf(row).includes(action),
      confirm: (row) => `确定${label}订单「${row.orderNo}」吗？`,
      success: `${label}成功`,
      run: (row) => ordersApi.act(action, [row.id]),
    };
  });
}

function toolbar(kind: OrderListKind, handlers: OrderListHandlers): ToolbarAction<ProductionOrderListRow>[] {
  const add: ToolbarAction<ProductionOrderListRow> = { key: 'add', label: '新增订单', primary: true, authority: A.orderAdd, run: ({ openEditor }) => openEditor() };
  const batch: ToolbarAction<ProductionOrderListRow>[] = [
    {
      key: 'deliveryDate',
      label: '批量修改交期',
      authority: A.orderBatchDeliveryDate,
      needsSelection: true,
      disabledReason: ({ selectedRows }) => refusedFor(selectedRows, 'edit', '修改交期'),
      run: ({ selectedRows, reload }: ListContext<ProductionOrderListRow>) => handlers.openDeliveryDate(selectedRows, reload),
    },
    { key: 'urgent', label: '加急', authority: A.orderUrgent, needsSelection: true, run: ({ selectedRows, reload }) => handlers.openUrgency(selectedRows, reload) },
    {
      key: 'end',
      label: '结束生产',
      danger: true,
      authority: A.orderEndProduction,
      needsSelection: true,
      disabledReason: ({ selectedRows }) => refusedFor(selectedRows, 'end', '结束生产'),
      confirm: '确定结束所选订单的生产吗？结束后订单按已完成（或欠数）处理。',
      success: '结束生产成功',
      run: ({ selectedRows }) => ordersApi.act('end', selectedRows.map((row) => row.id)),
    },
  ];
  const print: ToolbarAction<ProductionOrderListRow> = { key: 'print', label: '打印', authority: A.orderPrint, needsSelection: true, run: ({ selectedRows }) => handlers.print(selectedRows) };
  const remove: ToolbarAction<ProductionOrderListRow> = {
    key: 'delete',
    label: '删除',
    danger: true,
    authority: A.orderDelete,
    needsSelection: true,
    disabledReason: ({ selectedRows }) => refusedFor(selectedRows, 'delete', '删除'),
    confirm: '确定删除所选订单吗？删除后不可恢复。',
    run: ({ selectedRows }) => ordersApi.remove(selectedRows.map((row) => row.id)),
  };
  if (kind === 'semi') return [print];
  if (kind === 'issued') return [...batch, print];
  return [add, ...batch, print, remove];
}

/** 生产订单 / 已下发工单 / 回收订单: one list of orders, its filters, row expand (operations), buttons by code and state. */
export function orderList(kind: OrderListKind, handlers: OrderListHandlers): ListSpec<ProductionOrderListRow> {
  const detail: RowAction<ProductionOrderListRow> = { key: 'detail', label: '详情', run: (row) => handlers.openDetail(row) };
  const edit: RowAction<ProductionOrderListRow> = {
    key: 'edit',
    label: '编辑',
    authority: A.orderEdit,
    when: (row) => legalActionsOf(row).includes('edit'),
    run: (row, { openEditor }) => openEditor(row),
  };
  const remove: RowAction<ProductionOrderListRow> = {
    key: 'delete',
    label: '删除',
    danger: true,
    authority: A.orderDelete,
    when: (row) => legalActionsOf(row).includes('delete'),
    confirm: (row) => `确定删除订单「${row.orderNo}」吗？`,
    run: (row) => ordersApi.remove([row.id]),
  };
  return {
    rowKey: 'id',
    columns: columns(kind, handlers),
    filters: [
      { prop: 'erpOrderNo', label: 'ERP单号', type: 'input' },
      ...(kind === 'all' ? [{ prop: 'issueState', label: '下发状态', type: 'select' as const, multiple: true, options: [{ value: '0', label: '待下发' }, { value: '1', label: '部分下发' }, { value: '2', label: '已下发' }] }] : []),
    ],
    visibleFilters: 4,
    fetch: ordersApi.listOf(kind),
    defaultSort: { field: 'createTime', direction: 'desc' },
    toolbar: toolbar(kind, handlers),
    rowActions: kind === 'semi' ? [detail, ...stateActions(kind)] : [detail, edit, ...stateActions(kind), remove],
    visibleRowActions: 3,
    actionsWidth: 190,
    ...(kind === 'all' ? { importer: { title: '生产订单', authority: A.orderImport, template: ordersApi.downloadTemplate, submit: ordersApi.importFile } } : {}),
    exporter: { authority: A.orderExport, run: (query) => ordersApi.exportFile(kind, query) },
    expandable: { render: (row) => <OrderOperations orderId={row.id} /> },
    columnSettings: { pageKey: `production-order:${kind}` },
  };
}
