import { ORDER_STATUS } from '@core/enums';
import type { BinOrder } from '@core/contracts/work-order/erp';
import { WorkOrderAuthorities as A } from '@core/access/authorities/work-order';
import type { ListSpec } from '@app/components';
import { orderBinApi } from './order-bin.api';

const REPORTED = '订单已有报工记录，不能彻底删除';
const names = (rows: readonly BinOrder[]) => rows.map((row) => row.orderNo).join('、');

/** 订单回收站: orders the ERP revoked (newest first); restore puts one back where it was, delete removes it and its operations for good. */
export const orderBinList: ListSpec<BinOrder> = {
  rowKey: 'id',
  defaultSort: { field: 'revokedTime', direction: 'desc' },
  columns: [
    { prop: 'orderNo', label: '订单号', filter: { type: 'input' }, sortable: true, width: 140 },
    { prop: 'erpOrderNo', label: 'ERP订单号', filter: { type: 'input' }, width: 130, render: (row) => `${row.erpOrderNo}${row.erpLine ? `/${row.erpLine}` : ''}` },
    { prop: 'customerName', label: '客户名称', filter: { type: 'input' }, width: 120 },
    { prop: 'productName', label: '产品名称', filter: { type: 'input' }, width: 140 },
    { prop: 'quantity', label: '订单数量', type: 'number', width: 90, render: (row) => `${row.quantity.toLocaleString()}${row.unit}` },
    { prop: 'deliveryDate', label: '交货日期', sortable: true, width: 100 },
    { prop: 'status', label: '撤销前状态', type: 'enum', options: ORDER_STATUS.options, width: 90 },
    { prop: 'revokedTime', label: '撤销时间', type: 'date', sortable: true, width: 150 },
  ],
  filters: [{ prop: 'revokedTime', label: '撤销时间', type: 'daterange' }],
  fetch: orderBinApi.list,
  toolbar: [
    { key: 'restore', label: '批量还原', authority: A.binRestore, needsSelection: true, confirm: '确定还原所选订单吗？', success: '还原成功', run: ({ selectedRows }) => orderBinApi.restore(selectedRows.map((row) => row.id)) },
    {
      key: 'delete',
      label: '批量彻底删除',
      danger: true,
      authority: A.binDelete,
      needsSelection: true,
      disabledReason: ({ selectedRows }) => (selectedRows.some((row) => row.hasReports) ? REPORTED : undefined),
      confirm: '确定彻底删除所选订单吗？删除后订单及其工序不可恢复。',
      run: ({ selectedRows }) => orderBinApi.purge(selectedRows.map((row) => row.id)),
    },
  ],
  rowActions: [
    { key: 'restore', label: '还原', authority: A.binRestore, confirm: (row) => `确定还原订单「${row.orderNo}」吗？`, success: '还原成功', run: (row) => orderBinApi.restore([row.id]) },
    {
      key: 'delete',
      label: '彻底删除',
      danger: true,
      authority: A.binDelete,
      refuse: (row) => (row.hasReports ? REPORTED : undefined),
      confirm: (row) => `确定彻底删除订单「${names([row])}」吗？删除后订单及其工序不可恢复。`,
      run: (row) => orderBinApi.purge([row.id]),
    },
  ],
};
