import { Table } from 'antd';
import type { PaperDemand } from '@core/contracts/paperboard';

const n = (value: number) => value.toLocaleString('zh-CN');

/** 原纸需求: metres, area and tonnes of each layer's paper on each roll width — what the reel stands need. */
export function PaperDemandTable({ rows }: { rows: PaperDemand[] }) {
  return (
    <Table<PaperDemand>
      className="mes-board-paper-demand"
      size="small"
      rowKey={(row) => `${row.seq}-${row.rollWidthMm}`}
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: '该纸板编码未在纸板生产数据中维护层结构' }}
      columns={[
        { title: '层', dataIndex: 'seq', width: 50 },
        { title: '原纸', key: 'paper', render: (_, row) => `${row.paperCode} ${row.paperName}` },
        { title: '类型', dataIndex: 'paperType', width: 70, render: (value: string) => (value === 'medium' ? '芯纸' : '面纸') },
        { title: '楞率', dataIndex: 'takeUp', width: 64, align: 'right' },
        { title: '门幅（mm）', dataIndex: 'rollWidthMm', width: 96, align: 'right' },
        { title: '米数', dataIndex: 'metres', width: 100, align: 'right', render: (value: number) => n(value) },
        { title: '面积（㎡）', dataIndex: 'areaM2', width: 110, align: 'right', render: (value: number) => n(value) },
        { title: '重量（吨）', dataIndex: 'tonnes', width: 100, align: 'right', render: (value: number) => value.toFixed(3) },
      ]}
    />
  );
}
