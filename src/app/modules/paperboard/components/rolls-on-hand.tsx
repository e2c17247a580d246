import { Card, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { BoardRoll } from '@core/contracts/paperboard';
import { useLoaded } from '@app/components';
import { boardConfigApi } from '../paperboard.api';

const NONE: BoardRoll[] = [];

/**
 * 现有门幅 on 排产配置: the deckles of 纸板生产数据, read-only (maintained there), marked usable when
 * enabled and within the maximum width being edited, and the minimum trim the line will keep.
 */
export function RollsOnHand({ maxWidthMm, minTrimMm }: { maxWidthMm?: number; minTrimMm?: number }) {
  const { data, loading } = useLoaded(boardConfigApi.rolls, 'rolls', NONE);
  const usable = (roll: BoardRoll) => roll.enabled && roll.widthMm <= (maxWidthMm ?? 0);
  const lineTrim = Math.max(minTrimMm ?? 0, ...data.filter(usable).map((roll) => roll.minTrimMm));
  return (
    <Card
      size="small"
      title="现有门幅"
      className="mes-board-rolls"
      extra={<Link to="/paper-produce-data?tab=deckle">在纸板生产数据中维护</Link>}
      style={{ width: 420 }}
    >
      <Table<BoardRoll>
        size="small"
        rowKey="widthMm"
        loading={loading}
        dataSource={data}
        pagination={false}
        scroll={{ y: 420 }}
        columns={[
          { title: '门幅（mm）', dataIndex: 'widthMm', align: 'right' },
          { title: '最小修边（mm）', dataIndex: 'minTrimMm', align: 'right' },
          {
            title: '排产',
            key: 'usable',
            render: (_, roll) => (usable(roll) ? <Tag color="green">可用</Tag> : <Tag>{roll.enabled ? '超过最大门幅' : '已停用'}</Tag>),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} className="mes-board-line-trim">
        排产按最小修边 {lineTrim}mm：取排产配置与各可用门幅自身最小修边中的较大者。
      </Typography.Paragraph>
    </Card>
  );
}
