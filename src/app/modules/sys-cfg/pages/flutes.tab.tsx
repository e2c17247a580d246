import { ListPage } from '@app/components';
import { fluteList } from '../paper-data.list';

const spec = fluteList();

/** 楞型 tab: the list with its add/edit dialog (the list's editor). */
export default function FlutesTab() {
  return <ListPage spec={spec} />;
}
