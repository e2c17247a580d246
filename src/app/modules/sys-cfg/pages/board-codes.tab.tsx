import { useMemo } from 'react';
import type { BoardCode, Flute } from '@core/contracts/sys-cfg';
import { ListPage, useLoaded, type ListEditorProps, type ListSpec } from '@app/components';
import { BoardCodeEditorDialog } from '../components/board-code-editor.dialog';
import { flutesApi, paperGradesApi } from '../paper-data.api';
import { boardCodeList } from '../paper-data.list';

/** The board editor inside the list's editor slot: paper grades load each time it opens. */
function BoardCodeEditor({ flutes, ...props }: ListEditorProps<BoardCode> & { flutes: Flute[] }) {
  const grades = useLoaded(paperGradesApi.all, props.editing ? 'open' : 'closed', []).data;
  return <BoardCodeEditorDialog {...props} flutes={flutes} grades={grades} />;
}

/** 纸板编码 tab: board codes from existing paper grades and flutes. */
export default function BoardCodesTab() {
  const flutes = useLoaded(flutesApi.all, 'flutes', []).data;
  const spec = useMemo<ListSpec<BoardCode>>(
    () => ({
      ...boardCodeList(flutes.map((flute) => ({ value: String(flute.id), label: flute.fluteCode }))),
      editor: { render: (props) => <BoardCodeEditor {...props} flutes={flutes} /> },
    }),
    [flutes],
  );
  return <ListPage spec={spec} />;
}
