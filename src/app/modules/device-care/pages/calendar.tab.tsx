import { CareCalendar } from '../components/care-calendar';

/** 日历: done, due and overdue orders by day. */
export default function CalendarTab() {
  return <CareCalendar />;
}
