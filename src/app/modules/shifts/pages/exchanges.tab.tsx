import { ListPage } from '@app/components';
import { exchangeList } from '../shifts.list';

/** 调班 tab: the exchange list; 新增调班 is the list's editor. */
export default function ExchangesTab() {
  return <ListPage spec={exchangeList} />;
}
