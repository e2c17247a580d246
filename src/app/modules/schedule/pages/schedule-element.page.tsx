import { ScheduleAuthorities } from '@core/access/authorities/schedule';
import { useCan } from '@app/components';
import ScheduledPage from './scheduled.page';

/** What `<mes-schedule>` shows: the scheduled tasks (已排产 with its tabs and time calculation), given the page's codes. */
export default function ScheduleElementPage() {
  const can = useCan();
  if (!can(ScheduleAuthorities.scheduled) || !can(ScheduleAuthorities.idScheduled)) return <div className="mes-fill">当前账号暂无纸箱排产权限</div>;
  return (
    <div className="mes-schedule-element" style={{ padding: 16, background: '#fff' }}>
      <ScheduledPage />
    </div>
  );
}
