import { useCallback, useMemo, useState } from 'react';
import { Tabs } from 'antd';
import { ListPage } from '@app/components';
import { useLoaded } from '@app/components/use-loaded';
import { processGroupsApi } from '../modeling.api';
import { processGroupList, processList } from '../processes.list';

/** 工序 tab: processes (prepare time, quantity config, report rules) and their groups. */
export default function ProcessesTab() {
  // Groups feed the process form's picker and filter: reload them when a group is saved or deleted.
  const [groupsVersion, setGroupsVersion] = useState(0);
  const groupsChanged = useCallback(() => setGroupsVersion((value) => value + 1), []);
  const groups = useLoaded(processGroupsApi.all, `groups:${groupsVersion}`, []).data;
  const processSpec = useMemo(() => processList(groups), [groups]);
  const groupSpec = useMemo(() => processGroupList(groupsChanged), [groupsChanged]);

  return (
    <Tabs
      size="small"
      destroyOnHidden
      items={[
        { key: 'process', label: '工序', children: <ListPage spec={processSpec} /> },
        { key: 'group', label: '工序组', children: <ListPage spec={groupSpec} /> },
      ]}
    />
  );
}
