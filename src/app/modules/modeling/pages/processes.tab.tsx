import { useCallback, useMemo, useState } from 'react';
import { Tabs } from 'antd';
import type { CreateProcessGroupRequest, CreateProcessRequest, Process, ProcessGroup } from '@core/contracts/modeling';
import { ListPage, useListReload } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { filterOptionsOf, optionsOf } from '../components/options';
import { useLoaded } from '@app/components/use-loaded';
import { processesApi, processGroupsApi } from '../modeling.api';
import { PROCESS_FIELDS, PROCESS_GROUP_FIELDS } from '../modeling.forms';
import { processGroupList, processList } from '../processes.list';

const NEW_PROCESS: Partial<CreateProcessRequest> = {
  prepareMinutes: 0,
  quantityUnit: '张',
  overReportPercent: 0,
  reportByPrevious: false,
  requireFirstCheck: false,
  requireBadReason: false,
  allowMultiOperator: false,
  sort: 0,
};

/** 工序 tab: processes (prepare time, quantity config, report rules) and their groups. */
export default function ProcessesTab() {
  const [process, setProcess] = useState<{ row?: Process } | null>(null);
  const [group, setGroup] = useState<{ row?: ProcessGroup } | null>(null);
  const [list, reloadList] = useListReload();
  // Groups feed the process form's picker and filter: reload them with the list.
  const [groupsVersion, setGroupsVersion] = useState(0);
  const reload = useCallback(() => {
    reloadList();
    setGroupsVersion((value) => value + 1);
  }, [reloadList]);
  const groups = useLoaded(processGroupsApi.all, `groups:${groupsVersion}`, []).data;
  const processSpec = useMemo(() => processList(filterOptionsOf(groups, (row) => row.groupName), (row) => setProcess({ row })), [groups]);
  const groupSpec = useMemo(() => processGroupList((row) => setGroup({ row }), reload), [reload]);

  return (
    <>
      <Tabs
        size="small"
        destroyOnHidden
        items={[
          { key: 'process', label: '工序', children: <ListPage handle={list} spec={processSpec} /> },
          { key: 'group', label: '工序组', children: <ListPage handle={list} spec={groupSpec} /> },
        ]}
      />
      <EditFormDialog<CreateProcessRequest>
        title={process ? (process.row ? '编辑工序' : '新增工序') : null}
        fields={PROCESS_FIELDS}
        editing={!!process?.row}
        initial={process?.row ?? NEW_PROCESS}
        options={{ processGroupId: optionsOf(groups, (row) => row.groupName) }}
        onSubmit={(values) =>
          process?.row ? processesApi.update({ ...values, processGroupId: values.processGroupId ?? null, id: process.row.id }) : processesApi.create(values)
        }
        onClose={() => setProcess(null)}
        onSaved={reload}
      />
      <EditFormDialog<CreateProcessGroupRequest>
        title={group ? (group.row ? '编辑工序组' : '新增工序组') : null}
        fields={PROCESS_GROUP_FIELDS}
        editing={!!group?.row}
        initial={group?.row ?? { sort: 0 }}
        onSubmit={(values) => (group?.row ? processGroupsApi.update({ ...values, id: group.row.id }) : processGroupsApi.create(values))}
        onClose={() => setGroup(null)}
        onSaved={reload}
      />
    </>
  );
}
