import { Tag, Tooltip } from 'antd';
import { PaperboardAuthorities as A } from '@core/access/authorities/paperboard';
import { BOARD_ORDER_SOURCE, BOARD_ORDER_STATE, type BoardOrder, type CreateBoardOrderRequest } from '@core/contracts/paperboard';
import { editorActions, type ListSpec } from '@app/components';
import { boardOrdersApi } from './paperboard.api';
import { BOARD_ORDER_FIELDS } from './paperboard.fields';

const STATE_COLORS: Record<number, string> = { 1: 'orange', 2: 'blue', 3: 'green', 4: 'default' };
export const STATE_OPTIONS = BOARD_ORDER_STATE.options.map((option) => ({ ...option, color: STATE_COLORS[option.value] }));
const NEW_ORDER: Partial<CreateBoardOrderRequest> = { source: 2, flute: 'C' };

/** 编辑 only on waiting orders entered by hand (derived ones change with their production order); 删除 not on derived ones. */
function handEdits<T extends { rowActions: Array<{ key: string }> }>(actions: T, hand: (row: BoardOrder) => boolean): T {
  const when = (key: string) => (key === 'edit' ? hand : key === 'delete' ? (row: BoardOrder) => row.source !== 1 : undefined);
  return { ...actions, rowActions: actions.rowActions.map((action) => (when(action.key) ? { ...action, when: when(action.key) } : action)) };
}

/**
 * 纸板订单 and the lists cut from it (已完成订单: state 完工; 尾数订单: 补单): sheet, quantity, due date,
 * state and the schedule holding the order. `fixed` filters are always sent; `sourceReport` adds the
 * work report a re-make was made from.
 */
export function boardOrderList(fixed: Record<string, string> = {}, options: { editable?: boolean; sourceReport?: boolean } = {}): ListSpec<BoardOrder> {
  const hand = (row: BoardOrder) => row.source !== 1 && row.state === 1;
  return {
    rowKey: 'id',
    columns: [
      { prop: 'orderNo', label: '订单号', filter: { type: 'tagInput' }, sortable: true, width: 140 },
      ...(options.sourceReport ? [{ prop: 'sourceReportNo' as const, label: '来源报工', width: 140 }] : []),
      // A list fixed to one source (尾数订单) shows no 来源 column.
      ...(fixed.source ? [] : [{ prop: 'source' as const, label: '来源', type: 'enum' as const, options: BOARD_ORDER_SOURCE.options, filter: { type: 'select' as const, multiple: true }, width: 76 }]),
      { prop: 'customerName', label: '客户名称', filter: { type: 'input' }, sortable: true, width: 124 },
      { prop: 'boardCode', label: '纸板编码', filter: { type: 'input' }, sortable: true, width: 150, render: (row) => `${row.boardCode}（${row.flute}）` },
      { prop: 'widthMm', label: '宽×长（mm）', sortable: true, width: 96, render: (row) => `${row.widthMm}×${row.lengthMm}` },
      { prop: 'quantity', label: '数量（张）', type: 'number', sortable: true, width: 84 },
      { prop: 'dueDate', label: '交期', sortable: true, width: 92 },
      { prop: 'state', label: '状态', type: 'tag', options: STATE_OPTIONS, filter: fixed.state ? undefined : { type: 'select', multiple: true }, width: 70 },
      {
        prop: 'scheduleNo',
        label: '排程号',
        width: 120,
        // A production-order change held back from the line, or a revoked production order, beside the schedule.
        render: (row) => (
          <>
            {row.scheduleNo}
            {row.revoked ? (
              <Tag color="red" className="mes-board-change-note" style={{ marginInlineStart: 4 }}>
                已撤销
              </Tag>
            ) : row.changeNote ? (
              <Tooltip title={`生产订单已变更，未应用到已下发的排程：${row.changeNote}`}>
                <Tag color="warning" className="mes-board-change-note" style={{ marginInlineStart: 4 }}>
                  已变更
                </Tag>
              </Tooltip>
            ) : null}
          </>
        ),
      },
    ],
    filters: [{ prop: 'dueDate', label: '交期', type: 'daterange' }],
    fetch: (query) => boardOrdersApi.list({ ...query, ...fixed }),
    exporter: { authority: A.orderExport, run: (query) => boardOrdersApi.exportFile({ ...query, ...fixed }) },
    ...(options.editable
      ? {
          ...handEdits(editorActions<BoardOrder>({
            noun: '纸板订单',
            authorities: [A.orderAdd, A.orderEdit, A.orderDelete],
            name: (row) => row.orderNo,
            remove: (row) => boardOrdersApi.remove([row.id]),
            refuseDelete: (row) => (hand(row) ? undefined : '订单已排产，不能删除'),
          }), hand),
          importer: { title: '纸板订单', authority: A.orderImport, template: boardOrdersApi.downloadTemplate, submit: boardOrdersApi.importFile },
          editor: {
            noun: '纸板订单',
            fields: BOARD_ORDER_FIELDS,
            initial: (row) => row ?? NEW_ORDER,
            save: (values: CreateBoardOrderRequest, row) => (row ? boardOrdersApi.update({ ...values, id: row.id }) : boardOrdersApi.create(values)),
          },
        }
      : {}),
  };
}
