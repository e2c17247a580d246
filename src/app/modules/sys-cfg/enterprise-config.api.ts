import type { PageResult } from '@core/contracts/common';
import {
  EnterpriseConfigPaths as P,
  type DictView,
  type EnterpriseConfig,
  type ProcessDictEntry,
  type SaveDictRequest,
  type ScheduleConfig,
  type UpdateEnterpriseConfigRequest,
  type UpdateScheduleConfigRequest,
} from '@core/contracts/sys-cfg';
import { http } from '@core/http';
import type { ListQuery } from '../../components';

export const enterpriseConfigApi = {
  find: () => http.get<EnterpriseConfig>(P.configFind),
  /** Only the sections present are replaced. */
  update: (request: UpdateEnterpriseConfigRequest) => http.post<EnterpriseConfig>(P.configUpdate, request),
};

export const dictApi = {
  list: () => http.get<DictView[]>(P.dictList),
  saveOrUpdate: (request: SaveDictRequest) => http.post<unknown>(P.dictSaveOrUpdate, request),
};

export const processDictApi = {
  /** The server answers the whole dictionary; pages are cut here for the list. */
  list: async (query: ListQuery): Promise<PageResult<ProcessDictEntry>> => {
    const all = await http.get<ProcessDictEntry[]>(P.processDict);
    const page = Number(query.page) || 1;
    const limit = Number(query.limit) || 20;
    return { list: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
  },
};

export const scheduleConfigApi = {
  find: () => http.get<ScheduleConfig>(P.scheduleConfigFind),
  update: (request: UpdateScheduleConfigRequest) => http.post<ScheduleConfig>(P.scheduleConfigUpdate, request),
};
