import { useMemo, useState } from 'react';
import type { AddHolidayRequest, Holiday } from '@core/contracts/shifts';
import { ListPage, useListReload } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { holidaysApi } from '../shifts.api';
import { HOLIDAY_FIELDS } from '../shifts.forms';
import { holidayList } from '../shifts.list';

/** 节假日 tab: holidays, 调休 working days and company rest days. */
export default function HolidaysTab() {
  const [editing, setEditing] = useState<{ row?: Holiday } | null>(null);
  const [list, reload] = useListReload();
  const spec = useMemo(() => holidayList((row) => setEditing({ row })), []);
  const row = editing?.row;
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <EditFormDialog<AddHolidayRequest>
        title={editing ? (row ? '编辑节假日' : '新增节假日') : null}
        fields={HOLIDAY_FIELDS}
        editing={!!row}
        initial={row ?? { type: 3 }}
        onSubmit={(values) => (row ? holidaysApi.update({ ...values, id: row.id }) : holidaysApi.add(values))}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </>
  );
}
