import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CalcJob, ScheduleTask } from '@core/contracts/schedule';
import { ListPage, useListReload } from '@app/components';
import type { TaskListKind } from '../schedule.api';
import { taskList } from '../tasks.list';
import { CalcJobBar, useJobReloads, useReloadOnJobEnd } from './calc-job';
import { ScheduleFrame } from './schedule-frame';
import { MachineDialog, type MachineDialogMode } from './machine.dialog';

type MachineState = { mode: MachineDialogMode; tasks: readonly ScheduleTask[]; reload: () => void } | null;

export interface TaskListPageProps {
  kind: TaskListKind;
  /** A background job was started from the list (自动排产); keep it stable (the list is declared once with it). */
  onJobStarted?: (job: CalcJob) => void;
  /** Changes when a background job has ended: the list loads again. */
  jobsEnded?: number;
}

/** One task list with its machine dialog (分配机台 / 手动排产); 机台排程 opens a machine's queue. */
export function TaskListPage({ kind, onJobStarted, jobsEnded = 0 }: TaskListPageProps) {
  const navigate = useNavigate();
  const [list, reload] = useListReload();
  const [machine, setMachine] = useState<MachineState>(null);
  const spec = useMemo(
    () =>
      taskList(kind, {
        openMachine: (mode, tasks, reloadList) => setMachine({ mode, tasks, reload: reloadList }),
        jobStarted: (job) => onJobStarted?.(job),
        openQueue: (deviceId) => navigate(`/machine-schedule?deviceId=${deviceId}`),
        reload,
      }),
    [kind, navigate, reload, onJobStarted],
  );
  useReloadOnJobEnd(jobsEnded, reload);

  return (
    <div className={`mes-task-list mes-tasks-${kind}`}>
      <ListPage handle={list} spec={spec} />
      <MachineDialog mode={machine?.mode ?? 'assign'} tasks={machine?.tasks ?? null} onClose={() => setMachine(null)} onSaved={() => machine?.reload()} />
    </div>
  );
}

/** A whole page of one task list with the factory's background job above it (待排工序, 预排产). */
export function JobTaskListPage({ kind }: { kind: TaskListKind }) {
  const { calc, ended } = useJobReloads();
  return (
    <ScheduleFrame name={kind}>
      <CalcJobBar calc={calc} showStart={false} />
      <TaskListPage kind={kind} onJobStarted={calc.follow} jobsEnded={ended} />
    </ScheduleFrame>
  );
}
