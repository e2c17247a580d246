import type { CreatePositionRequest, Position, Team } from '@core/contracts/modeling';
import { columnOf, editorActions, type ListSpec } from '@app/components';
import { ModelingAuthorities as A } from '@core/access/authorities/modeling';
import { positionsApi, teamsApi } from './modeling.api';
import { TeamEditorDialog } from './components/team-editor.dialog';
import { POSITION, TEAM } from './modeling.fields';
import { POSITION_FIELDS } from './modeling.forms';

/** 班组: name, workshop, leader and member count; a team with members is refused by the server on delete. */
export function teamList(workshops: { value: string; label: string }[]): ListSpec<Team> {
  return {
    rowKey: 'id',
    defaultSort: { field: 'sort', direction: 'asc' },
    columns: [
      { ...columnOf(TEAM.teamName), filter: { type: 'input' }, sortable: true, width: 160 },
      { ...columnOf(TEAM.workshopName), width: 120, filter: { prop: 'workshopId', type: 'select', multiple: true, options: workshops } },
      { ...columnOf(TEAM.leaderName), width: 110 },
      { ...columnOf(TEAM.memberCount), type: 'number', width: 100 },
      { ...columnOf(TEAM.sort), type: 'number', sortable: true, width: 80 },
      { ...columnOf(TEAM.remark), width: 200 },
      { ...columnOf(TEAM.updateTime), type: 'date', width: 170 },
    ],
    fetch: teamsApi.list,
    ...editorActions({ noun: '班组', authorities: [A.teamAdd, A.teamEdit, A.teamDelete], name: (row) => row.teamName, remove: (row) => teamsApi.remove([row.id]) }),
    editor: { render: (props) => <TeamEditorDialog {...props} /> },
  };
}

/** 岗位: the employee positions team members hold. */
export function positionList(): ListSpec<Position> {
  return {
    rowKey: 'id',
    urlState: false,
    defaultSort: { field: 'sort', direction: 'asc' },
    columns: [
      { ...columnOf(POSITION.positionName), filter: { type: 'input' }, sortable: true, width: 160 },
      { ...columnOf(POSITION.memberCount), type: 'number', width: 100 },
      { ...columnOf(POSITION.sort), type: 'number', sortable: true, width: 80 },
      { ...columnOf(POSITION.remark), width: 200 },
    ],
    fetch: positionsApi.list,
    ...editorActions({ noun: '岗位', authorities: [A.positionAdd, A.positionEdit, A.positionDelete], name: (row) => row.positionName, remove: (row) => positionsApi.remove([row.id]) }),
    editor: {
      noun: '岗位',
      fields: POSITION_FIELDS,
      initial: (row) => row ?? { sort: 0 },
      save: (values: CreatePositionRequest, row) => (row ? positionsApi.update({ ...values, id: row.id }) : positionsApi.create(values)),
    },
  };
}
