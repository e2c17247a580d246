import { useMemo, useState } from 'react';
import type { CreateDeckleRequest, DeckleWidth } from '@core/contracts/sys-cfg';
import { ListPage } from '@app/components';
import { EditFormDialog } from '@app/components/form-dialog';
import { decklesApi } from '../paper-data.api';
import { deckleList } from '../paper-data.list';
import { DECKLE_FIELDS } from '../sys-cfg.forms';

/** 门幅 tab: the corrugator's deckle widths with their add/edit dialog. */
export default function DecklesTab() {
  const [editing, setEditing] = useState<{ row?: DeckleWidth } | null>(null);
  const [version, setVersion] = useState(0);
  const spec = useMemo(() => deckleList((row) => setEditing({ row })), []);
  const row = editing?.row;
  return (
    <>
      <ListPage key={version} spec={spec} />
      <EditFormDialog<CreateDeckleRequest>
        title={editing ? (row ? '编辑门幅' : '新增门幅') : null}
        fields={DECKLE_FIELDS}
        editing={!!row}
        initial={row ?? { minTrimMm: 20, enabled: true }}
        onSubmit={(values) => (row ? decklesApi.update({ ...values, id: row.id }) : decklesApi.create(values))}
        onClose={() => setEditing(null)}
        onSaved={() => setVersion((value) => value + 1)}
      />
    </>
  );
}
