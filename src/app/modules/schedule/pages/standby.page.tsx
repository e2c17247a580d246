import { CalcJobBar, useJobReloads } from '../components/calc-job';
import { ScheduleFrame } from '../components/schedule-frame';
import { TaskListPage } from '../components/task-list.page';

/** 待排工序 (/schedule-standby). */
export default function StandbyPage() {
  const { calc, ended } = useJobReloads();
  return (
    <ScheduleFrame name="standby">
      <CalcJobBar calc={calc} showStart={false} />
      <TaskListPage kind="standby" onJobStarted={calc.follow} jobsEnded={ended} />
    </ScheduleFrame>
  );
}
