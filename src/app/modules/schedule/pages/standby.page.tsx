import { JobTaskListPage } from '../components/task-list.page';

/** 待排工序 (/schedule-standby): operations waiting for a machine and a place in its queue. */
export default function StandbyPage() {
  return <JobTaskListPage kind="standby" />;
}
