import { useMemo, useState } from 'react';
import type { BadReason, CreateBadReasonRequest } from '@core/contracts/modeling';
import { ListPage } from '@app/components';
import { useLoaded } from '@app/components/use-loaded';
import { EditFormDialog } from '@app/components/form-dialog';
import { filterOptionsOf, optionsOf } from '../components/options';
import { badReasonsApi, processesApi } from '../modeling.api';
import { BAD_REASON_FIELDS } from '../modeling.forms';
import { badReasonList } from '../shop-floor.list';

/** 不良现象 tab: the bad phenomena of each process, filtered by process. */
export default function BadReasonsTab() {
  const [editing, setEditing] = useState<{ row?: BadReason } | null>(null);
  const [version, setVersion] = useState(0);
  const processes = useLoaded(processesApi.all, 'processes', []).data;
  const spec = useMemo(() => badReasonList(filterOptionsOf(processes, (row) => row.processName), (row) => setEditing({ row })), [processes]);
  const row = editing?.row;
  return (
    <>
      <ListPage key={version} spec={spec} />
      <EditFormDialog<CreateBadReasonRequest>
        title={editing ? (row ? '编辑不良现象' : '新增不良现象') : null}
        fields={BAD_REASON_FIELDS}
        editing={!!row}
        initial={row ?? { enabled: true, sort: 0 }}
        options={{ processId: optionsOf(processes, (process) => process.processName) }}
        onSubmit={(values) => (row ? badReasonsApi.update({ ...values, id: row.id }) : badReasonsApi.create(values))}
        onClose={() => setEditing(null)}
        onSaved={() => setVersion((value) => value + 1)}
      />
    </>
  );
}
