import { useMemo, useState } from 'react';
import type { CreateFluteRequest, Flute } from '@core/contracts/sys-cfg';
import { ListPage } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { flutesApi } from '../paper-data.api';
import { fluteList } from '../paper-data.list';
import { FLUTE_FIELDS } from '../sys-cfg.forms';

/** 楞型 tab: flutes with their add/edit dialog. */
export default function FlutesTab() {
  const [editing, setEditing] = useState<{ row?: Flute } | null>(null);
  const [version, setVersion] = useState(0);
  const spec = useMemo(() => fluteList((row) => setEditing({ row })), []);
  const row = editing?.row;
  return (
    <>
      <ListPage key={version} spec={spec} />
      <EditFormDialog<CreateFluteRequest>
        title={editing ? (row ? '编辑楞型' : '新增楞型') : null}
        fields={FLUTE_FIELDS}
        editing={!!row}
        initial={row ?? { components: [] }}
        onSubmit={(values) => {
          const request = { ...values, components: (values.components ?? []).map((code) => code.toUpperCase()), takeUpFactor: values.takeUpFactor ?? null };
          return row ? flutesApi.update({ ...request, id: row.id }) : flutesApi.create(request);
        }}
        onClose={() => setEditing(null)}
        onSaved={() => setVersion((value) => value + 1)}
      />
    </>
  );
}
