import { Badge, Tabs } from 'antd';
import { SCHEDULED_TAB } from '@core/contracts/schedule';
import { useLoaded } from '@app/components';
import { useTabQuery } from '@app/shell/use-tab-query';
import type { TaskListKind } from '../schedule.api';
import { scheduleApi } from '../schedule.api';
import { CalcJobBar, useJobReloads } from '../components/calc-job';
import { ScheduleFrame } from '../components/schedule-frame';
import { TaskListPage } from '../components/task-list.page';

const TABS: ReadonlyArray<{ key: TaskListKind; label: string }> = [
  ...SCHEDULED_TAB.options.map((option) => ({ key: option.value, label: option.label })),
  { key: 'anewTime', label: '时间待重算' },
  { key: 'unfinished', label: '未完工任务' },
  { key: 'revoked', label: '撤销订单任务' },
];

/**
 * 已排产 (/scheduled): the spec's tabs 已排产未下发 / 已排产已下发, then the tasks whose times must be
 * recalculated, the unfinished tasks (past their planned end, not reported done) and the tasks of
 * revoked orders; 计算排程时间 above them with its progress and 中止. The tab lives in `tab`.
 */
export default function ScheduledPage() {
  const { calc, ended } = useJobReloads();
  const [tab, setTab] = useTabQuery('tab', TABS[0]!.key);
  const active = TABS.some((item) => item.key === tab) ? tab! : TABS[0]!.key;
  const unfinished = useLoaded(scheduleApi.unfinishedCount, `${active}:${ended}`, { count: 0 });
  return (
    <ScheduleFrame name="scheduled">
      <CalcJobBar calc={calc} />
      <Tabs
        className="mes-scheduled-tabs"
        activeKey={active}
        onChange={setTab}
        destroyOnHidden
        items={TABS.map(({ key, label }) => ({
          key,
          label: key === 'unfinished' && unfinished.data.count > 0 ? <Badge count={unfinished.data.count} size="small" offset={[8, -2]}>{label}</Badge> : label,
          children: <TaskListPage kind={key} onJobStarted={calc.follow} jobsEnded={ended} />,
        }))}
      />
    </ScheduleFrame>
  );
}
