import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Progress, Space, Typography } from 'antd';
import { ScheduleAuthorities as A } from '@core/access/authorities/schedule';
import { CALC_JOB_KIND, CALC_JOB_PHASE, CALC_JOB_STATE, CalcJobState, ScheduleMessages, type CalcJob } from '@core/contracts/schedule';
import { AuthButton } from '@app/components';
import { scheduleApi } from '../schedule.api';
import { usePolling } from './use-polling';

/** How often a running job's progress is asked for. */
const POLL_MS = 1000;

export interface CalcJobHandle {
  /** The factory's running job, else its latest one (null: never calculated, or not loaded yet). */
  job: CalcJob | null;
  running: boolean;
  /** Asks for the progress again now. */
  refresh: () => void;
  /** Follows a job just started (计算排程时间, 自动排产): `onFinished` runs when it ends, however soon. */
  follow: (started: CalcJob) => void;
}

/**
 * The factory's background schedule job (计算排程时间 or 自动排产), polled while it runs;
 * `onFinished` runs once when a job seen running (or followed from its start) has ended (the lists reload).
 */
export function useCalcJob(onFinished?: (job: CalcJob) => void): CalcJobHandle {
  const { data: job, refresh } = usePolling(scheduleApi.calculateProgress, (next) => next?.state === CalcJobState.running, POLL_MS);
  const running = job?.state === CalcJobState.running;
  const seenRunning = useRef<number | null>(null);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });
  useEffect(() => {
    if (!job) return;
    if (job.state === CalcJobState.running) seenRunning.current = job.id;
    else if (seenRunning.current === job.id) {
      seenRunning.current = null;
      finished.current?.(job);
    }
  }, [job]);
  const follow = useCallback(
    (started: CalcJob) => {
      seenRunning.current = started.id;
      refresh();
    },
    [refresh],
  );
  return { job, running, refresh, follow };
}

/** The factory's job plus a counter that changes each time a job seen running has ended (lists reload on it). */
export function useJobReloads(): { calc: CalcJobHandle; ended: number } {
  const [ended, setEnded] = useState(0);
  const calc = useCalcJob(() => setEnded((value) => value + 1));
  return { calc, ended };
}

/** Calls `reload` each time `ended` (of useJobReloads) changes after the first render. */
export function useReloadOnJobEnd(ended: number, reload: () => void): void {
  const first = useRef(ended);
  useEffect(() => {
    if (ended !== first.current) reload();
  }, [ended, reload]);
}

const STATE_ALERT: Record<number, 'info' | 'success' | 'warning' | 'error'> = { 1: 'info', 2: 'success', 3: 'warning', 4: 'error' };

function summary(job: CalcJob): string {
  const kind = CALC_JOB_KIND.label(job.kind);
  if (job.state === CalcJobState.running) return `${kind}：${CALC_JOB_PHASE.label(job.phase)}（${job.taskCount} 个任务）`;
  const when = job.endTime || job.startTime;
  if (job.state === CalcJobState.done) {
    const late = job.lateOrders ? `，延期订单 ${job.lateOrders}` : '';
    const left = job.unscheduledCount ? `，未排入 ${job.unscheduledCount}` : '';
    return `上次${kind}（${when}，${job.startedBy}）：已完成，排入 ${job.scheduledCount} 个任务${left}${late}`;
  }
  return `上次${kind}（${when}，${job.startedBy}）：${job.message || CALC_JOB_STATE.label(job.state)}`;
}

/**
 * 计算排程时间 with the running job's progress and 中止 (spec §8: 确定要中止当前排程时间计算吗？ then
 * 操作成功). An aborted job changes nothing; a finished one has written every time.
 */
export function CalcJobBar({ calc, showStart = true }: { calc: CalcJobHandle; showStart?: boolean }) {
  const { modal, message } = App.useApp();
  const [starting, setStarting] = useState(false);
  const { job, running, refresh, follow } = calc;
  if (!job && !showStart) return null;

  const start = () => {
    setStarting(true);
    scheduleApi
      .startCalculate()
      .then(follow, () => refresh())
      .finally(() => setStarting(false));
  };

  const abort = () =>
    modal.confirm({
      title: '提示',
      content: ScheduleMessages.abortConfirm,
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        scheduleApi.cancelCalculate(job?.id).then(
          () => {
            void message.success(ScheduleMessages.aborted);
            refresh();
          },
          () => refresh(),
        ),
    });

  return (
    <div className="mes-calc-job" data-state={job?.state ?? 0} style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
      {showStart && (
        <AuthButton authority={A.calculate} type="primary" loading={starting} disabledReason={running ? '排程计算进行中' : undefined} onClick={start}>
          计算排程时间
        </AuthButton>
      )}
      {job && (
        <Alert
          className="mes-calc-job-status"
          style={{ flex: 1, padding: '4px 12px' }}
          type={STATE_ALERT[job.state] ?? 'info'}
          showIcon
          message={
            <Space size={12} style={{ width: '100%' }}>
              <Typography.Text className="mes-calc-job-text">{summary(job)}</Typography.Text>
              {running && <Progress className="mes-calc-job-progress" percent={job.progress} size="small" status="active" style={{ width: 220, margin: 0 }} />}
            </Space>
          }
          action={
            running ? (
              <AuthButton authority={A.calculate} size="small" danger onClick={abort}>
                中止计算
              </AuthButton>
            ) : undefined
          }
        />
      )}
    </div>
  );
}
