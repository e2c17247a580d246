import { useMemo, useState } from 'react';
import { App, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import { PaperboardAuthorities as A } from '@core/access/authorities/paperboard';
import type { BoardOrder, BoardTrialResult, StandbyGroup } from '@core/contracts/paperboard';
import { AuthButton, useLoaded } from '@app/components';
import { boardOrdersApi, boardSchedulesApi } from '../paperboard.api';
import { PlanTotals } from '../components/plan-totals';
import { RunTable } from '../components/run-table';

const n = (value: number) => value.toLocaleString('zh-CN');
const groupKey = (group: Pick<StandbyGroup, 'boardCode' | 'flute'>) => `${group.boardCode}|${group.flute}`;

/**
 * 待排订单 (/paperboard/standbyOrders): waiting orders grouped by board code and flute; pick a group
 * (and orders of it, or the due ones), 试排 shows the optimiser's runs, 保存为排程 keeps them as a draft.
 */
export default function StandbyPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const groups = useLoaded(boardOrdersApi.groups, 'groups', [] as StandbyGroup[]);
  const [selected, setSelected] = useState<string | null>(null);
  const group = groups.data.find((each) => groupKey(each) === selected) ?? null;
  const orders = useLoaded(
    () => (group ? boardOrdersApi.list({ page: 1, limit: 1000, state: '1', boardCode: group.boardCode, flute: group.flute }).then((page) => page.list.filter((order) => order.boardCode === group.boardCode)) : Promise.resolve([])),
    selected ?? '',
    [] as BoardOrder[],
  );
  const [picked, setPicked] = useState<number[]>([]);
  const [trial, setTrial] = useState<BoardTrialResult | null>(null);
  const [busy, setBusy] = useState<'trial' | 'save' | null>(null);
  const today = dayjs().format('YYYY-MM-DD');

  const choose = (key: string) => {
    setSelected(key);
    setPicked([]);
    setTrial(null);
  };

  const runTrial = async (dueOnly: boolean) => {
    if (!group) return;
    setBusy('trial');
    setTrial(null);
    try {
      const request = { boardCode: group.boardCode, flute: group.flute, ...(dueOnly ? { dueBy: today } : picked.length ? { orderIds: picked } : {}) };
      setTrial(await boardOrdersApi.trial(request));
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!trial) return;
    setBusy('save');
    try {
      const { id } = await boardSchedulesApi.create({
        boardCode: trial.boardCode,
        flute: trial.flute,
        lowerBoundM2: trial.lowerBoundM2,
        runs: trial.runs.map((run) => ({ rollWidthMm: run.rollWidthMm, lanes: run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId!, outs: lane.outs, cuts: lane.cuts })) })),
      });
      void message.success('排程已保存');
      navigate(`/paperboard/scheduleDetail?id=${id}`);
    } finally {
      setBusy(null);
    }
  };

  const gap = trial && trial.lowerBoundM2 > 0 ? ((trial.totals.trimAreaM2 / trial.lowerBoundM2 - 1) * 100).toFixed(1) : null;
  const columns = useMemo(
    () => [
      { title: '纸板编码', dataIndex: 'boardCode', width: 188, render: (value: string, row: StandbyGroup) => `${value}（${row.flute}）` },
      { title: '订单', dataIndex: 'orders', width: 52, align: 'right' as const },
      { title: '张数', dataIndex: 'sheets', width: 80, align: 'right' as const, render: (value: number) => n(value) },
      { title: '面积㎡', dataIndex: 'areaM2', width: 84, align: 'right' as const, render: (value: number) => n(Math.round(value)) },
      { title: '预计米数', dataIndex: 'metres', width: 80, align: 'right' as const, render: (value: number) => n(value) },
      { title: '最早交期', dataIndex: 'earliestDue', width: 96 },
      { title: '到期', dataIndex: 'dueOrders', width: 52, align: 'right' as const, render: (value: number) => (value ? <Tag color="red">{value}</Tag> : 0) },
    ],
    [],
  );

  return (
    <div className="mes-board-standby" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'stretch' }}>
        <Card size="small" title="待排分组（纸板编码 + 楞型）" style={{ flex: '0 0 690px' }}>
          <Table<StandbyGroup>
            className="mes-board-groups"
            size="small"
            rowKey={groupKey}
            loading={groups.loading}
            dataSource={groups.data}
            pagination={false}
            scroll={{ y: 260 }}
            columns={columns}
            rowSelection={{ type: 'radio', selectedRowKeys: selected ? [selected] : [], onChange: (keys) => choose(String(keys[0])) }}
            onRow={(row) => ({ onClick: () => choose(groupKey(row)) })}
          />
        </Card>
        <Card
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          title={group ? `${group.boardCode}（${group.flute}）` : '待排订单'}
          extra={
            <Space size={6}>
              <AuthButton authority={A.trial} type="primary" disabled={!group} loading={busy === 'trial'} onClick={() => void runTrial(false).catch(() => undefined)}>
                {picked.length ? `试排所选（${picked.length}）` : '试排全部'}
              </AuthButton>
              <AuthButton authority={A.trial} disabled={!group || !group.dueOrders} onClick={() => void runTrial(true).catch(() => undefined)}>
                试排到期
              </AuthButton>
            </Space>
          }
        >
          {group ? (
            <Table<BoardOrder>
              className="mes-board-group-orders"
              size="small"
              rowKey="id"
              loading={orders.loading}
              dataSource={orders.data}
              pagination={false}
              scroll={{ y: 260 }}
              rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(Number)) }}
              columns={[
                { title: '订单号', dataIndex: 'orderNo', width: 140 },
                { title: '客户', dataIndex: 'customerName', ellipsis: true },
                { title: '宽×长', key: 'size', width: 96, render: (_, row) => `${row.widthMm}×${row.lengthMm}` },
                { title: '张数', dataIndex: 'quantity', width: 80, align: 'right', render: (value: number) => n(value) },
                { title: '交期', dataIndex: 'dueDate', width: 96, render: (value: string) => (value <= today ? <Typography.Text type="danger">{value}</Typography.Text> : value) },
              ]}
            />
          ) : (
            <Empty description="请在左侧选择一个分组" />
          )}
        </Card>
      </div>
      {trial && (
        <Card
          size="small"
          className="mes-board-trial"
          title={`试排结果：${trial.boardCode}（${trial.flute}）${trial.orderIds.length} 单，用时 ${trial.elapsedMs}ms（未保存）`}
          extra={
            <AuthButton authority={A.save} type="primary" loading={busy === 'save'} onClick={() => void save().catch(() => undefined)}>
              保存为排程
            </AuthButton>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <PlanTotals
              totals={trial.totals}
              extra={[
                { label: '理论下界', value: `${n(trial.lowerBoundM2)} ㎡${gap === null ? '' : `（高出 ${gap}%）`}` },
                { label: '不拼单修边', value: trial.aloneTrimAreaM2 === null ? '—' : `${n(trial.aloneTrimAreaM2)} ㎡` },
              ]}
            />
            <RunTable runs={trial.runs} />
          </Space>
        </Card>
      )}
    </div>
  );
}
