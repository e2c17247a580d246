import { JobTaskListPage } from '../components/task-list.page';

/** 预排产 (/schedule-pre): operations set aside for scheduling, a machine possibly chosen. */
export default function PrePage() {
  return <JobTaskListPage kind="pre" />;
}
