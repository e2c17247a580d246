import type { ReactNode } from 'react';
import { Table } from 'antd';
import type { BoardRunView } from '@core/contracts/paperboard';
import { WebDrawing } from './web-drawing';

const n = (value: number) => value.toLocaleString('zh-CN');

/** The runs of a trial or schedule in corrugator order: roll, lanes, metres, trim and the web drawn to scale. */
export function RunTable({
  runs,
  action,
  selection,
}: {
  runs: BoardRunView[];
  action?: (run: BoardRunView) => ReactNode;
  /** Runs ticked (by seq), e.g. to lock before re-optimising. */
  selection?: { keys: number[]; onChange: (keys: number[]) => void };
}) {
  const widest = Math.max(0, ...runs.map((run) => run.rollWidthMm));
  return (
    <Table<BoardRunView>
      className="mes-board-runs"
      size="small"
      rowKey="seq"
      pagination={false}
      dataSource={runs}
      scroll={{ y: 520 }}
      virtual={runs.length > 100}
      rowSelection={selection && { selectedRowKeys: selection.keys, onChange: (keys) => selection.onChange(keys as number[]), columnTitle: '锁定', columnWidth: 48 }}
      columns={[
        { title: '顺序', dataIndex: 'seq', width: 56 },
        { title: '门幅（mm）', dataIndex: 'rollWidthMm', width: 90 },
        {
          title: '排刀（订单 · 宽×长 · 切数×刀数 = 张数）',
          key: 'lanes',
          render: (_, run) => (
            <div className="mes-board-lanes">
              {run.lanes.map((lane) => (
                <div key={`${lane.boardOrderId}`}>
                  {lane.orderNo} · {lane.widthMm}×{lane.lengthMm} · {lane.outs}×{n(lane.cuts)} = {n(lane.sheets)}
                </div>
              ))}
            </div>
          ),
        },
        { title: '米数', dataIndex: 'metres', width: 80, align: 'right', render: (value: number) => n(value) },
        { title: '修边（mm）', dataIndex: 'trimMm', width: 86, align: 'right' },
        { title: '修边率', dataIndex: 'trimPct', width: 76, align: 'right', render: (value: number) => `${value.toFixed(2)}%` },
        { title: '幅面示意（按比例）', key: 'drawing', width: 392, render: (_, run) => <WebDrawing run={run} widest={widest} /> },
        ...(action ? [{ title: '操作', key: 'action', width: 70, render: (_: unknown, run: BoardRunView) => action(run) }] : []),
      ]}
    />
  );
}
