import { useMemo, useState } from 'react';
import type { CreateWorkshopRequest, Workshop } from '@core/contracts/modeling';
import { ListPage, useListReload } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { workshopsApi } from '../modeling.api';
import { WORKSHOP_FIELDS } from '../modeling.forms';
import { workshopList } from '../workshops.list';

/** 车间 tab: the workshop list with its add/edit dialog. */
export default function WorkshopsTab() {
  const [editing, setEditing] = useState<{ row?: Workshop } | null>(null);
  const [list, reload] = useListReload();
  const spec = useMemo(() => workshopList((row) => setEditing({ row })), []);
  const row = editing?.row;
  return (
    <>
      <ListPage handle={list} spec={spec} />
      <EditFormDialog<CreateWorkshopRequest>
        title={editing ? (row ? '编辑车间' : '新增车间') : null}
        fields={WORKSHOP_FIELDS}
        editing={!!row}
        initial={row ?? { sort: 0 }}
        onSubmit={(values) => (row ? workshopsApi.update({ ...values, id: row.id }) : workshopsApi.create(values))}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
    </>
  );
}
