import type { ProcessDictEntry } from '@core/contracts/sys-cfg';
import type { ListSpec } from '../../components';
import { processDictApi } from './enterprise-config.api';

/** 工序字典: the factory's processes as the selects elsewhere see them (maintained under 建模). */
export const processDictList: ListSpec<ProcessDictEntry> = {
  rowKey: 'processId',
  urlState: false,
  columns: [
    { prop: 'processId', label: '工序ID', type: 'number', width: 100 },
    { prop: 'processCode', label: '工序编码', width: 160 },
    { prop: 'processName', label: '工序名称', width: 200 },
  ],
  fetch: processDictApi.list,
};
