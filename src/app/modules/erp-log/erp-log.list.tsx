import { Typography } from 'antd';
import { ERP_MESSAGE_TYPE, type ErpLogEntry, type IntegrationKey } from '@core/contracts/work-order/erp';
import { WorkOrderAuthorities as A } from '@core/access/authorities/work-order';
import { ERP_SYNC_STATUS } from '@core/enums';
import type { ListSpec, RowAction, ToolbarAction } from '@app/components';
import { erpLogApi, integrationKeyApi } from './erp-log.api';

const STATUS_COLORS: Record<number, string> = { 1: 'default', 5: 'processing', 2: 'success', 3: 'error', 4: 'warning' };
export const SYNC_STATUS_OPTIONS = ERP_SYNC_STATUS.options.map(({ value, label }) => ({ value, label, color: STATUS_COLORS[value] }));
const retriable = (row: ErpLogEntry) => row.status === 3 || row.status === 4;

/** What a retry says: how many went through, and why the rest did not. */
export type RetryReport = (ids: number[]) => Promise<unknown>;

/** 订单同步日志: every ERP message (newest first), filterable, with its outcome; failed and abnormal ones can be retried. */
export function erpLogList(open: (row: ErpLogEntry) => void, retry: RetryReport): ListSpec<ErpLogEntry> {
  const retryRow: RowAction<ErpLogEntry> = { key: 'retry', label: '重试', authority: A.erpRetry, when: retriable, success: false, run: (row) => retry([row.id]) };
  const retrySelected: ToolbarAction<ErpLogEntry> = {
    key: 'retry',
    label: '批量重试',
    authority: A.erpRetry,
    needsSelection: true,
    success: false,
    disabledReason: ({ selectedRows }) => (selectedRows.some((row) => !retriable(row)) ? '只能重试同步失败或同步异常的消息' : undefined),
    run: ({ selectedRows }) => retry(selectedRows.map((row) => row.id)),
  };
  return {
    rowKey: 'id',
    defaultSort: { field: 'createTime', direction: 'desc' },
    columns: [
      { prop: 'createTime', label: '同步时间', type: 'date', sortable: true, width: 155 },
      {
        prop: 'erpOrderNo',
        label: 'ERP订单号 / 版本',
        filter: { type: 'input', label: 'ERP订单号' },
        sortable: true,
        width: 170,
        render: (row) => (
          <Typography.Link onClick={() => open(row)}>
            {row.erpOrderNo}
            {row.erpLine ? `/${row.erpLine}` : ''} · v{row.erpVersion}
          </Typography.Link>
        ),
      },
      { prop: 'messageType', label: '消息类型', type: 'enum', options: ERP_MESSAGE_TYPE.options, filter: { type: 'select' }, width: 80 },
      { prop: 'orderNo', label: '订单号', filter: { type: 'input' }, width: 140 },
      { prop: 'status', label: '同步状态', type: 'tag', options: SYNC_STATUS_OPTIONS, filter: { type: 'select', multiple: true }, width: 95 },
      {
        prop: 'result',
        label: '结果',
        width: 300,
        render: (row) => (
          <Typography.Text type={row.error ? 'danger' : undefined} ellipsis={{ tooltip: row.error || row.result }} style={{ maxWidth: 284 }}>
            {row.error || row.result}
          </Typography.Text>
        ),
      },
      { prop: 'attempts', label: '次数', type: 'number', width: 60 },
    ],
    filters: [{ prop: 'createTime', label: '同步时间', type: 'daterange' }],
    fetch: erpLogApi.list,
    toolbar: [retrySelected],
    rowActions: [{ key: 'detail', label: '详情', success: false, run: (row) => open(row) }, retryRow],
  };
}

/** 接口密钥: the factory's integration keys (only a prefix is ever shown again), created and revoked. */
export function integrationKeyList(create: () => void, revoke: (row: IntegrationKey) => Promise<unknown>): ListSpec<IntegrationKey> {
  return {
    rowKey: 'id',
    urlState: false,
    columns: [
      { prop: 'name', label: '名称', width: 200 },
      { prop: 'keyPrefix', label: '密钥前缀', width: 200, render: (row) => <Typography.Text code>{row.keyPrefix}…</Typography.Text> },
      {
        prop: 'revoked',
        label: '状态',
        type: 'tag',
        options: [
          { value: false, label: '有效', color: 'success' },
          { value: true, label: '已作废', color: 'default' },
        ],
        width: 90,
      },
      { prop: 'lastUsedTime', label: '最近使用', type: 'date', width: 170 },
      { prop: 'createdBy', label: '创建人', width: 120 },
      { prop: 'createTime', label: '创建时间', type: 'date', width: 170 },
    ],
    fetch: integrationKeyApi.list,
    toolbar: [{ key: 'add', label: '新增密钥', primary: true, authority: A.erpKey, run: () => create() }],
    rowActions: [
      {
        key: 'revoke',
        label: '作废',
        danger: true,
        authority: A.erpKey,
        when: (row) => !row.revoked,
        confirm: (row) => `确定作废接口密钥「${row.name}」吗？作废后使用该密钥的ERP将无法再同步订单。`,
        success: '作废成功',
        run: revoke,
      },
    ],
  };
}
