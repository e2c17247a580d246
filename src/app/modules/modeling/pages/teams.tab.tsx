import { useCallback, useMemo, useState } from 'react';
import { Tabs } from 'antd';
import type { CreatePositionRequest, Position, Team } from '@core/contracts/modeling';
import { ListPage } from '@app/components';
import { useLoaded } from '@app/components/use-loaded';
import { EditFormDialog } from '@app/components/form-dialog';
import { filterOptionsOf } from '../components/options';
import { TeamEditorDialog } from '../components/team-editor.dialog';
import { positionsApi, workshopsApi } from '../modeling.api';
import { POSITION_FIELDS } from '../modeling.forms';
import { positionList, teamList } from '../teams.list';

/** 班组 tab: class teams with their members, and the employee positions (岗位) members hold. */
export default function TeamsTab() {
  const [team, setTeam] = useState<{ row?: Team } | null>(null);
  const [position, setPosition] = useState<{ row?: Position } | null>(null);
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((value) => value + 1), []);
  const workshops = useLoaded(workshopsApi.all, 'workshops', []).data;
  const teamSpec = useMemo(() => teamList(filterOptionsOf(workshops, (row) => row.workshopName), (row) => setTeam({ row })), [workshops]);
  const positionSpec = useMemo(() => positionList((row) => setPosition({ row }), bump), [bump]);

  return (
    <>
      <Tabs
        size="small"
        destroyOnHidden
        items={[
          { key: 'team', label: '班组', children: <ListPage key={`team:${version}`} spec={teamSpec} /> },
          { key: 'position', label: '岗位', children: <ListPage key={`position:${version}`} spec={positionSpec} /> },
        ]}
      />
      <TeamEditorDialog editing={team} onClose={() => setTeam(null)} onSaved={bump} />
      <EditFormDialog<CreatePositionRequest>
        title={position ? (position.row ? '编辑岗位' : '新增岗位') : null}
        fields={POSITION_FIELDS}
        editing={!!position?.row}
        initial={position?.row ?? { sort: 0 }}
        onSubmit={(values) => (position?.row ? positionsApi.update({ ...values, id: position.row.id }) : positionsApi.create(values))}
        onClose={() => setPosition(null)}
        onSaved={bump}
      />
    </>
  );
}
