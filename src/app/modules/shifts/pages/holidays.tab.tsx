import { ListPage } from '@app/components';
import { holidayList } from '../shifts.list';

/** 节假日 tab: holidays, 调休 working days and company rest days (add/edit in the list's editor). */
export default function HolidaysTab() {
  return <ListPage spec={holidayList} />;
}
