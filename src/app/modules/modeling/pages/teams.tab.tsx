import { useMemo } from 'react';
import { Tabs } from 'antd';
import { ListPage } from '@app/components';
import { useLoaded } from '@app/components/use-loaded';
import { filterOptionsOf } from '../components/options';
import { workshopsApi } from '../modeling.api';
import { positionList, teamList } from '../teams.list';

const positionSpec = positionList();

/** 班组 tab: class teams with their members, and the employee positions (岗位) members hold. */
export default function TeamsTab() {
  const workshops = useLoaded(workshopsApi.all, 'workshops', []).data;
  const teamSpec = useMemo(() => teamList(filterOptionsOf(workshops, (row) => row.workshopName)), [workshops]);
  return (
    <Tabs
      size="small"
      destroyOnHidden
      items={[
        { key: 'team', label: '班组', children: <ListPage spec={teamSpec} /> },
        { key: 'position', label: '岗位', children: <ListPage spec={positionSpec} /> },
      ]}
    />
  );
}
