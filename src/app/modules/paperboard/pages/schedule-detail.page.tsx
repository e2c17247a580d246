import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Empty, Form, InputNumber, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PaperboardAuthorities as A } from '@core/access/authorities/paperboard';
import { BOARD_SCHEDULE_STATE, type BoardRunCheck, type BoardRunView, type BoardScheduleDetail } from '@core/contracts/paperboard';
import { AuthButton, useLoaded } from '@app/components';
import { escapeHtml, printInFrame } from '@app/shared';
import { boardSchedulesApi } from '../paperboard.api';
import { PaperDemandTable } from '../components/paper-demand-table';
import { PlanTotals } from '../components/plan-totals';
import { RunSheet, RUN_SHEET_CSS, runSheetDocument } from '../components/run-sheet';
import { RunTable } from '../components/run-table';
import { SCHEDULE_STATE_COLORS } from '../schedule.list';

interface RunForm {
  rollWidthMm: number;
  lanes: Array<{ boardOrderId: number; outs: number; cuts: number }>;
}

/** How long the editor waits after the last keystroke before asking the server to check the run. */
const CHECK_DELAY_MS = 300;

/**
 * 调整: a draft run's roll and lanes — each lane's order (its 拼单 partner: one of the schedule's, or a
 * waiting order of the board group), outs and cuts. Every change is checked on the server as the
 * planner types (the same rules as the save, over the whole schedule): the run's trim and the
 * schedule's, and each rule broken; 确定 saves when none is.
 */
function RunEditor({ detail, run, onClose, onSaved }: { detail: BoardScheduleDetail; run: BoardRunView; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<RunForm>();
  const [saving, setSaving] = useState(false);
  /** The last answer of the check, with the request (`key`) it answers. */
  const [check, setCheck] = useState<{ key: string; result?: BoardRunCheck; error?: string }>({ key: '' });
  const values = Form.useWatch([], form) as RunForm | undefined;
  const partners = new Map(detail.partners.map((partner) => [partner.id, partner]));
  const options = detail.partners.map((partner) => ({
    value: partner.id,
    label: `${partner.orderNo} · ${partner.widthMm}×${partner.lengthMm} · ${partner.quantity.toLocaleString('zh-CN')}张${partner.scheduled ? '' : '（待排）'}`,
  }));
  const request = (value: RunForm | undefined) =>
    value?.rollWidthMm && value.lanes?.length && value.lanes.every((lane) => lane?.boardOrderId && lane.outs && lane.cuts)
      ? { scheduleId: detail.schedule.id, runId: run.runId!, rollWidthMm: value.rollWidthMm, lanes: value.lanes.map(({ boardOrderId, outs, cuts }) => ({ boardOrderId, outs, cuts })) }
      : null;
  const key = JSON.stringify(request(values));

  useEffect(() => {
    const body = request(values);
    if (!body) return;
    let live = true;
    const timer = window.setTimeout(() => {
      boardSchedulesApi.checkRun(body).then(
        (result) => live && setCheck({ key, result }),
        (error: unknown) => live && setCheck({ key, error: error instanceof Error ? error.message : String(error) }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // `key` is the request: check again only when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const save = async () => {
    const value = await form.validateFields();
    setSaving(true);
    try {
      await boardSchedulesApi.updateRun(request(value)!);
      void message.success('修改成功');
      onSaved();
    } finally {
      setSaving(false);
    }
  };

  /** A new partner starts with the cuts that give its whole quantity at the lane's outs. */
  const picked = (index: number, orderId: number) => {
    const partner = partners.get(orderId);
    const outs = form.getFieldValue(['lanes', index, 'outs']) ?? 1;
    if (partner) form.setFieldValue(['lanes', index, 'cuts'], Math.ceil(partner.quantity / outs));
  };

  const checking = check.key !== key;
  const result = check.result;
  const broken = Boolean(check.error) || (result?.problems.length ?? 0) > 0;
  return (
    <Modal
      open
      title={`调整第 ${run.seq} 刀`}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okButtonProps={{ disabled: broken || checking }}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      width={820}
      destroyOnHidden
    >
      <Form form={form} className="mes-board-run-editor" layout="horizontal" labelCol={{ flex: '110px' }} initialValues={{ rollWidthMm: run.rollWidthMm, lanes: run.lanes.map((lane) => ({ boardOrderId: lane.boardOrderId, outs: lane.outs, cuts: lane.cuts })) }}>
        <Form.Item label="门幅（mm）" name="rollWidthMm" rules={[{ required: true, message: '请选择门幅（mm）' }]}>
          <Select virtual={false} options={[...detail.rollWidths].reverse().map((width) => ({ value: width, label: `${width}` }))} style={{ width: 160 }} />
        </Form.Item>
        <Form.List name="lanes">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Form.Item key={field.key} label={index === 0 ? '订单' : `并排订单 ${index}`} required className="mes-board-lane">
                  <Space>
                    <Form.Item name={[field.name, 'boardOrderId']} noStyle rules={[{ required: true, message: '请选择订单' }]}>
                      <Select showSearch optionFilterProp="label" options={options} style={{ width: 270 }} placeholder="选择订单" onChange={(orderId: number) => picked(index, orderId)} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'outs']} noStyle rules={[{ required: true, message: '请输入切数' }]}>
                      <InputNumber min={1} max={detail.maxOuts} precision={0} addonBefore="切数" style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'cuts']} noStyle rules={[{ required: true, message: '请输入刀数' }]}>
                      <InputNumber min={1} precision={0} addonBefore="刀数" style={{ width: 150 }} />
                    </Form.Item>
                    {fields.length > 1 && (
                      <Button type="link" danger size="small" onClick={() => remove(field.name)}>
                        移除
                      </Button>
                    )}
                  </Space>
                </Form.Item>
              ))}
              {fields.length < detail.maxOrdersPerRun && (
                <Form.Item label=" " colon={false}>
                  <Button size="small" onClick={() => add({ outs: 1 })}>
                    添加并排订单
                  </Button>
                </Form.Item>
              )}
            </>
          )}
        </Form.List>
        <div className="mes-board-run-check" aria-live="polite">
          {check.error ? (
            <Alert type="error" showIcon message={check.error} />
          ) : result ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text type={result.run.trimMm < detail.minTrimMm ? 'danger' : 'secondary'}>
                本刀纸板宽 {result.run.rollWidthMm - result.run.trimMm}mm，修边 {result.run.trimMm}mm（最小 {detail.minTrimMm}mm），修边率 {result.run.trimPct.toFixed(2)}%；排程修边 {result.totals.trimPct}%（
                {result.totals.trimAreaM2}㎡）
              </Typography.Text>
              {result.problems.length > 0 ? (
                <Alert type="warning" showIcon message="不符合排产规则" description={result.problems.slice(0, 5).join('；')} />
              ) : (
                <Alert type="success" showIcon message="符合排产规则" />
              )}
            </Space>
          ) : (
            <Typography.Text type="secondary">张数须在订单数量 ±{detail.tolerancePct}% 内</Typography.Text>
          )}
        </div>
      </Form>
    </Modal>
  );
}

/** 打印排产单: the pages as they print (A4 landscape, RUNS_PER_PAGE runs each), then 打印 prints exactly them. */
function RunSheetPreview({ detail, onClose }: { detail: BoardScheduleDetail; onClose: () => void }) {
  const sheet = useRef<HTMLDivElement>(null);
  const title = `排产单-${detail.schedule.scheduleNo}`;
  const print = () => {
    if (sheet.current) void printInFrame(sheet.current, runSheetDocument(sheet.current, title, escapeHtml), title, 'mes-run-sheet-print-frame');
  };
  return (
    <Modal open title={`打印排产单 ${detail.schedule.scheduleNo}`} onCancel={onClose} onOk={print} okText="打印" cancelText="关闭" width={1160} destroyOnHidden>
      <style>{RUN_SHEET_CSS}{'.mes-run-sheet-preview .mes-run-sheet-page { margin: 0 auto 12px; box-shadow: 0 0 4px rgba(0,0,0,.3); zoom: .95; }'}</style>
      <div className="mes-run-sheet-preview" style={{ maxHeight: '70vh', overflow: 'auto', background: '#f0f0f0', padding: 12 }}>
        <RunSheet ref={sheet} detail={detail} />
      </div>
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
  /** Runs ticked to lock (by seq), for the detail they were ticked on (a reload clears them). */
  const [ticked, setTicked] = useState<{ of: BoardScheduleDetail | null; seqs: number[] }>({ of: null, seqs: [] });
  const [printing, setPrinting] = useState(false);
  const detail = loaded.data;
  const locked = ticked.of === detail ? ticked.seqs : [];

  useEffect(() => {
    if (!id && latest.data) navigate(`/paperboard/scheduleDetail?id=${latest.data}`, { replace: true });
  }, [id, latest.data, navigate]);

  if (!detail) return <Spin spinning={loaded.loading || latest.loading}>{!loaded.loading && !latest.loading && <Empty description="暂无排程" />}</Spin>;
  const { schedule } = detail;
  const draft = schedule.state === 1;
  /** The line's run sheet exists once issued (running and done keep it); a draft or a cancelled schedule has none. */
  const printable = schedule.state >= 2 && schedule.state <= 4;
  const reoptimise = () => {
    const ids = detail.runs.filter((run) => locked.includes(run.seq)).map((run) => run.runId!);
    const go = async () => {
      const result = await boardSchedulesApi.reoptimise(schedule.id, ids);
      void message.success(`重新优化成功：修边 ${result.before.trimPct}% → ${result.after.trimPct}%，${result.before.runs} 刀 → ${result.after.runs} 刀`);
      loaded.reload();
    };
    modal.confirm({
      title: '提示',
      content: ids.length ? `锁定所选 ${ids.length} 刀，其余排刀重新试排。确定吗？` : '未锁定任何排刀，将重新试排整个排程。确定吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => go().catch(() => undefined),
    });
  };
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
              {printable && (
                <AuthButton authority={A.export} onClick={() => setPrinting(true)}>
                  打印排产单
                </AuthButton>
              )}
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
        <Card
          size="small"
          title={`排刀（${detail.runs.length}）`}
          extra={
            draft && (
              <Space>
                <Typography.Text type="secondary">{locked.length ? `已锁定 ${locked.length} 刀` : '勾选要锁定的排刀'}</Typography.Text>
                <AuthButton authority={A.reoptimise} onClick={reoptimise}>
                  锁定所选并重新优化其余
                </AuthButton>
              </Space>
            )
          }
        >
          <RunTable
            runs={detail.runs}
            selection={draft ? { keys: locked, onChange: (seqs) => setTicked({ of: detail, seqs }) } : undefined}
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
        {printing && <RunSheetPreview detail={detail} onClose={() => setPrinting(false)} />}
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
