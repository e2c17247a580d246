import { useMemo, useState } from 'react';
import type { CreateShiftRequest, Shift } from '@core/contracts/shifts';
import { ListPage, useListReload } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { shiftsApi } from '../shifts.api';
import { SHIFT_FIELDS } from '../shifts.forms';
import { shiftList } from '../shifts.list';

const NEW_SHIFT: Partial<CreateShiftRequest> = { breaks: [], isDefault: false, sort: 0 };

/** 班次 tab: class times with their breaks. */
export default function ShiftsTab() {
  const [editing, setEditing] = useState<{ row?: Shift } | null>(null);
  const [list, reload] = useListReload();
  const spec = useMemo(() => shiftList((row) => setEditing({ row })), []);
  const row = editing?.row;
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <EditFormDialog<CreateShiftRequest>
        title={editing ? (row ? '编辑班次' : '新增班次') : null}
        fields={SHIFT_FIELDS}
        editing={!!row}
        initial={row ?? NEW_SHIFT}
        onSubmit={(values) => (row ? shiftsApi.update({ ...values, id: row.id }) : shiftsApi.create(values))}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </>
  );
}
