import { useMemo } from 'react';
import { ListPage, useLoaded } from '@app/components';
import { pickersApi, shiftsApi } from '../shifts.api';
import { classUserList } from '../shifts.list';

/** 排班人员 tab: who works which shift in which team (shifts and teams feed the filters and the editor). */
export default function ClassUsersTab() {
  const shifts = useLoaded(shiftsApi.all, 'shifts', []).data;
  const teams = useLoaded(pickersApi.teams, 'teams', []).data;
  const spec = useMemo(
    () =>
      classUserList(
        shifts.map((row) => ({ value: row.id, label: row.className })),
        teams.map((row) => ({ value: row.id, label: row.teamName })),
      ),
    [shifts, teams],
  );
  return <ListPage spec={spec} />;
}
