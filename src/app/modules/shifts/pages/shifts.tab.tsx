import { ListPage } from '@app/components';
import { shiftList } from '../shifts.list';

/** 班次 tab: class times with their breaks (add/edit in the list's editor). */
export default function ShiftsTab() {
  return <ListPage spec={shiftList} />;
}
