import { ListPage } from '@app/components';
import { processDictList } from '../process-dict.list';

/** 工序字典 tab: read-only; processes are maintained under 建模 → 工序. */
export default function ProcessDictTab() {
  return <ListPage spec={processDictList} />;
}
