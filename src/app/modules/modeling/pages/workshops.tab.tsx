import { ListPage } from '@app/components';
import { workshopList } from '../workshops.list';

/** 车间 tab: the workshop list with its add/edit dialog (the list's editor). */
export default function WorkshopsTab() {
  return <ListPage spec={workshopList} />;
}
