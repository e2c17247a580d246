import { ListPage } from '@app/components';
import { deckleList } from '../paper-data.list';

const spec = deckleList();

/** 门幅 tab: the list with its add/edit dialog (the list's editor). */
export default function DecklesTab() {
  return <ListPage spec={spec} />;
}
