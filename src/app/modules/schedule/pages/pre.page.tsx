import { CalcJobBar, useJobReloads } from '../components/calc-job';
import { ScheduleFrame } from '../components/schedule-frame';
import { TaskListPage } from '../components/task-list.page';

/** 预排产 (/schedule-pre). */
export default function PrePage() {
  const { calc, ended } = useJobReloads();
  return (
    <ScheduleFrame name="pre">
      <CalcJobBar calc={calc} showStart={false} />
      <TaskListPage kind="pre" onJobStarted={calc.follow} jobsEnded={ended} />
    </ScheduleFrame>
  );
}
