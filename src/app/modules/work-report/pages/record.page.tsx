import { ListPage } from '@app/components';
import { recordList, recordTotals, TotalsRow } from '../work-report.list';

/** 报工记录 (/work-order-record): every report, the 合计 of the filtered ones, export and 平台报工. */
export default function RecordPage() {
  const totals = recordTotals.use();
  return (
    <div className="mes-work-report-record" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ListPage spec={recordList} />
      <TotalsRow totals={totals} />
    </div>
  );
}
