import { Segmented, Tabs } from 'antd';
import { ListPage } from '@app/components';
import { REPORT_KIND } from '@core/contracts/work-order/report';
import { useTabQuery } from '@app/shell/use-tab-query';
import { REVIEW_LISTS, reviewTotals, TotalsRow, type ReviewTab } from '../work-report.list';

const TABS: Array<{ key: ReviewTab; label: string }> = [
  { key: 'pending', label: '待审核' },
  { key: 'all', label: '全部' },
];

/**
 * 报工审核 (/work-order-review): tabs 待审核 / 全部 and 纸箱 / 纸板 (a report of a 纸板工序 process is
 * paperboard), both kept in the URL; review one report (with corrections) or many, roll back, cancel.
 */
export default function ReviewPage() {
  const [tabValue, setTab] = useTabQuery('tab', 'pending');
  const [kindValue, setKind] = useTabQuery('kind', '1');
  const tab: ReviewTab = tabValue === 'all' ? 'all' : 'pending';
  const kind = kindValue === '2' ? 2 : 1;
  const totals = reviewTotals.use();
  return (
    <div className="mes-work-report-review" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Tabs
        className="mes-review-tabs"
        activeKey={tab}
        onChange={setTab}
        items={TABS.map((item) => ({ key: item.key, label: item.label }))}
        tabBarExtraContent={
          <Segmented
            className="mes-review-kind"
            value={kind}
            onChange={(value) => setKind(String(value))}
            options={REPORT_KIND.options.map((option) => ({ value: option.value, label: option.label }))}
          />
        }
      />
      {/* A different list per tab and kind (its own filters and selection), not a refresh of one. */}
      <ListPage key={`${tab}-${kind}`} spec={REVIEW_LISTS[tab][kind]!} />
      <TotalsRow totals={totals} />
    </div>
  );
}
