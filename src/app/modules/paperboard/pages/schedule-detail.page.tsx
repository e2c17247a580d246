import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Form, InputNumber, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PaperboardAuthorities as A } from '@core/access/authorities/paperboard';
import { BOARD_SCHEDULE_STATE, type BoardRunView, type BoardScheduleDetail } from '@core/contracts/paperboard';
import { AuthButton, useLoaded } from '@app/components';
import { boardSchedulesApi } from '../paperboard.api';
import { PaperDemandTable } from '../components/paper-demand-table';
import { PlanTotals } from '../components/plan-totals';
import { RunTable } from '../components/run-table';
import { SCHEDULE_STATE_COLORS } from '../schedule.list';

interface RunForm {
  rollWidthMm: number;
  lanes: Array<{ boardOrderId: number; outs: number; cuts: number }>;
}

/** 调整: a draft run's roll, outs and cuts; the server checks every rule again and says which one breaks. */
function RunEditor({ detail, run, onClose, onSaved }: { detail: BoardScheduleDetail; run: BoardRunView; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RunForm>();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as RunForm | undefined;
  const used = run.lanes.reduce((sum, lane, index) => sum + lane.widthMm * (values?.lanes?.[index]?.outs ?? lane.outs), 0);
  const roll = values?.rollWidthMm ?? run.rollWidthMm;

  const save = async () => {
    const value = await form.validateFields();
    setSaving(true);
    try {
      await boardSchedulesApi.updateRun({ scheduleId: detail.schedule.id, runId: run.runId!, rollWidthMm: value.rollWidthMm, lanes: value.lanes });
      void message.success('修改成功');
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={`调整第 ${run.seq} 刀`} onCancel={onClose} onOk={() => void save().catch(() => undefined)} confirmLoading={saving} okText="确定" cancelText="取消" width={640} destroyOnHidden>
      <Form form={form} layout="horizontal" labelCol={{ flex: '150px' }} initialValues={{ rollWidthMm: run.rollWidthMm, lanes: run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId, outs: lane.outs, cuts: lane.cuts })) }}>
        <Form.Item label="门幅（mm）" name="rollWidthMm" rules={[{ required: true, message: '请选择门幅（mm）' }]}>
          <Select virtual={false} options={[...detail.rollWidths].reverse().map((width) => ({ value: width, label: `${width}` }))} style={{ width: 160 }} />
        </Form.Item>
        {run.lanes.map((lane, index) => (
          <Form.Item key={lane.laneId} label={`${lane.orderNo}`} extra={`宽 ${lane.widthMm} × 长 ${lane.lengthMm}，当前 ${lane.sheets} 张`}>
            <Space>
              <Form.Item name={['lanes', index, 'boardOrderId']} hidden>
                <InputNumber />
              </Form.Item>
              <Form.Item name={['lanes', index, 'outs']} noStyle rules={[{ required: true, message: '请输入切数' }]}>
                <InputNumber min={1} max={detail.maxOuts} precision={0} addonBefore="切数" style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={['lanes', index, 'cuts']} noStyle rules={[{ required: true, message: '请输入刀数' }]}>
                <InputNumber min={1} precision={0} addonBefore="刀数" style={{ width: 190 }} />
              </Form.Item>
            </Space>
          </Form.Item>
        ))}
        <Typography.Text type={roll - used < detail.minTrimMm ? 'danger' : 'secondary'}>
          纸板宽 {used}mm，修边 {roll - used}mm（最小 {detail.minTrimMm}mm）；张数须在订单数量 ±{detail.tolerancePct}% 内
        </Typography.Text>
      </Form>
    </Modal>
  );
}

/** 排产明细 (/paperboard/scheduleDetail?id=): one schedule's runs in corrugator order, its figures, hand edits of a draft, issue and the run sheet. */
export default function ScheduleDetailPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const latest = useLoaded(() => (id ? Promise.resolve(id) : boardSchedulesApi.list({ page: 1, limit: 10 }).then((page) => page.list[0]?.id ?? 0)), String(id), 0);
  const scheduleId = id || latest.data;
  const loaded = useLoaded(() => (scheduleId ? boardSchedulesApi.detail(scheduleId) : Promise.resolve(null)), String(scheduleId), null as BoardScheduleDetail | null);
  const [editing, setEditing] = useState<BoardRunView | null>(null);
  const detail = loaded.data;

  useEffect(() => {
    if (!id && latest.data) navigate(`/paperboard/scheduleDetail?id=${latest.data}`, { replace: true });
  }, [id, latest.data, navigate]);

  if (!detail) return <Spin spinning={loaded.loading || latest.loading}>{!loaded.loading && !latest.loading && <Empty description="暂无排程" />}</Spin>;
  const { schedule } = detail;
  const draft = schedule.state === 1;
  const act = (label: string, run: () => Promise<unknown>, confirm?: string) => {
    const go = async () => {
      await run();
      void message.success(`${label}成功`);
      loaded.reload();
    };
    if (!confirm) return void go().catch(() => undefined);
    modal.confirm({ title: '提示', content: confirm, okText: '确定', cancelText: '取消', onOk: () => go().catch(() => undefined) });
  };

  return (
    <Spin spinning={loaded.loading}>
      <div className="mes-board-schedule" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Card
          size="small"
          title={
            <Space>
              <span>排程 {schedule.scheduleNo}</span>
              <Tag color={SCHEDULE_STATE_COLORS[schedule.state]}>{BOARD_SCHEDULE_STATE.label(schedule.state)}</Tag>
            </Space>
          }
          extra={
            <Space>
              <Button onClick={() => navigate('/paperboard/scheduleList')}>返回排产单</Button>
              {draft && (
                <AuthButton authority={A.issue} type="primary" onClick={() => act('下发', () => boardSchedulesApi.issue(schedule.id), `确定将排程 ${schedule.scheduleNo} 下发到瓦线吗？下发后不能再调整。`)}>
                  下发
                </AuthButton>
              )}
              <AuthButton authority={A.export} onClick={() => void boardSchedulesApi.runSheet(schedule).catch(() => undefined)}>
                导出排产单
              </AuthButton>
            </Space>
          }
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Descriptions
              size="small"
              column={4}
              items={[
                { key: 'board', label: '纸板编码', children: `${schedule.boardCode}（${schedule.flute}）` },
                { key: 'by', label: '创建人', children: schedule.createdBy },
                { key: 'created', label: '创建时间', children: schedule.createTime },
                { key: 'issued', label: '下发时间', children: schedule.issuedAt || '—' },
              ]}
            />
            {detail.problems.length > 0 && (
              <Alert
                type="warning"
                showIcon
                className="mes-board-problems"
                message="按当前排产配置，本排程不再符合规则，请调整后再下发"
                description={detail.problems.slice(0, 5).join('；')}
              />
            )}
            <PlanTotals totals={detail.totals} extra={schedule.lowerBoundM2 === null ? [] : [{ label: '试排下界', value: `${schedule.lowerBoundM2} ㎡` }]} />
          </Space>
        </Card>
        <Card size="small" title={`排刀（${detail.runs.length}）`}>
          <RunTable
            runs={detail.runs}
            action={
              draft
                ? (run) => (
                    <AuthButton authority={A.edit} type="link" size="small" onClick={() => setEditing(run)}>
                      调整
                    </AuthButton>
                  )
                : undefined
            }
          />
        </Card>
        <Card size="small" title="原纸需求（按层、门幅）">
          <PaperDemandTable rows={detail.paperDemand} />
        </Card>
        {editing && (
          <RunEditor
            detail={detail}
            run={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              loaded.reload();
            }}
          />
        )}
      </div>
    </Spin>
  );
}
