import { useMemo, useState } from 'react';
import type { ClassUser, CreateClassUserRequest } from '@core/contracts/shifts';
import { ListPage, useLoaded, useListReload } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { classUsersApi, pickersApi, shiftsApi } from '../shifts.api';
import { CLASS_USER_FIELDS } from '../shifts.forms';
import { classUserList } from '../shifts.list';

const asFilter = (options: { value: number; label: string }[]) => options.map(({ value, label }) => ({ value: String(value), label }));

/** 排班人员 tab: who works which shift in which team. */
export default function ClassUsersTab() {
  const [editing, setEditing] = useState<{ row?: ClassUser } | null>(null);
  const [list, reload] = useListReload();
  const shifts = useLoaded(shiftsApi.all, 'shifts', []).data;
  const teams = useLoaded(pickersApi.teams, 'teams', []).data;
  const staff = useLoaded(pickersApi.staff, 'staff', []).data;
  const options = useMemo(
    () => ({
      classTimeId: shifts.map((row) => ({ value: row.id, label: row.className })),
      teamId: teams.map((row) => ({ value: row.id, label: row.teamName })),
      userId: staff.map((row) => ({ value: row.userId, label: row.nickName })),
    }),
    [shifts, teams, staff],
  );
  const spec = useMemo(() => classUserList(asFilter(options.classTimeId), asFilter(options.teamId), (row) => setEditing({ row })), [options]);
  const row = editing?.row;
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <EditFormDialog<CreateClassUserRequest>
        title={editing ? (row ? '编辑排班人员' : '新增排班人员') : null}
        fields={CLASS_USER_FIELDS}
        editing={!!row}
        initial={row ?? {}}
        options={options}
        onSubmit={(values) => (row ? classUsersApi.update({ ...values, id: row.id }) : classUsersApi.create(values))}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </>
  );
}
