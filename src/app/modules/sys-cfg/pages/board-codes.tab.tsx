import { useCallback, useMemo, useState } from 'react';
import type { BoardCode } from '@core/contracts/sys-cfg';
import { ListPage, useLoaded } from '@app/components';
import { BoardCodeEditorDialog } from '../components/board-code-editor.dialog';
import { flutesApi, paperGradesApi } from '../paper-data.api';
import { boardCodeList } from '../paper-data.list';

/** 纸板编码 tab: board codes from existing paper grades and flutes. */
export default function BoardCodesTab() {
  const [editing, setEditing] = useState<{ row?: BoardCode } | null>(null);
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((value) => value + 1), []);
  const flutes = useLoaded(flutesApi.all, 'flutes', []).data;
  const grades = useLoaded(paperGradesApi.all, editing ? 'open' : 'closed', []).data;
  const fluteOptions = useMemo(() => flutes.map((flute) => ({ value: String(flute.id), label: flute.fluteCode })), [flutes]);
  const spec = useMemo(() => boardCodeList(fluteOptions, (row) => setEditing({ row })), [fluteOptions]);
  return (
    <>
      <ListPage key={version} spec={spec} />
      <BoardCodeEditorDialog editing={editing} flutes={flutes} grades={grades} onClose={() => setEditing(null)} onSaved={bump} />
    </>
  );
}
