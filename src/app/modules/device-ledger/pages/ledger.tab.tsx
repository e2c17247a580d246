import { useMemo, useState } from 'react';
import type { LedgerOptions, LedgerRow } from '@core/contracts/device-ledger';
import { ListPage, useListReload, useLoaded } from '@app/components';
import { ledgerApi } from '../device-ledger.api';
import { ledgerList } from '../ledger.list';
import { LabelPrintDialog } from '../components/label-print.dialog';
import { LedgerDrawer, type LedgerDrawerTab } from '../components/ledger-drawer';
import { LedgerEditorDialog } from '../components/ledger-editor.dialog';

const NO_OPTIONS: LedgerOptions = { workshops: [], deviceTypes: [] };

/** 设备台账 tab: the ledger list, its detail drawer (基本信息 / 图片), the asset editor and label printing. */
export default function LedgerTab() {
  const options = useLoaded(ledgerApi.options, 'ledger-options', NO_OPTIONS).data;
  const [list, reload] = useListReload();
  const [detail, setDetail] = useState<{ row: LedgerRow; tab: LedgerDrawerTab } | null>(null);
  const [editing, setEditing] = useState<LedgerRow | null>(null);
  const [labels, setLabels] = useState<readonly LedgerRow[] | null>(null);

  const spec = useMemo(
    () =>
      ledgerList({
        options,
        openDetail: (row, tab = 'basics') => setDetail({ row, tab }),
        openEditor: setEditing,
        printLabels: setLabels,
      }),
    [options],
  );

  return (
    <div className="mes-device-ledger">
      <ListPage handle={list} spec={spec} />
      <LedgerDrawer row={detail?.row ?? null} tab={detail?.tab ?? 'basics'} onTab={(tab) => setDetail((open) => (open ? { ...open, tab } : open))} onClose={() => {
        setDetail(null);
        reload();
      }} />
      <LedgerEditorDialog row={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <LabelPrintDialog rows={labels} onClose={() => setLabels(null)} />
    </div>
  );
}
