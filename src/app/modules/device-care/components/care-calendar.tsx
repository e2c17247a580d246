import { useState } from 'react';
import { Badge, Calendar, Drawer, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { CalendarDay, CareOrder } from '@core/contracts/device-care';
import { ListPage, useListReload, useLoaded } from '@app/components';
import { useCareKind } from '../care-kind';
import { orderList } from '../care.lists';
import { ExecuteDialog } from './execute.dialog';

const NO_DAYS: CalendarDay[] = [];

/** A day's figures as coloured badges: done green, due blue, overdue red (the list's tag colours). */
function DayFigures({ day }: { day: CalendarDay | undefined }) {
  if (!day || day.done + day.due + day.overdue === 0) return null;
  return (
    <Space orientation="vertical" size={0} className="mes-care-day" data-date={day.date}>
      {day.done > 0 && <Badge color="green" text={`已完成 ${day.done}`} />}
      {day.due > 0 && <Badge color="blue" text={`待完成 ${day.due}`} />}
      {day.overdue > 0 && <Badge color="red" text={`已逾期 ${day.overdue}`} />}
    </Space>
  );
}

/**
 * The month's orders by due day, coloured by state; a day opens its orders (the orders list
 * filtered to that day, where they can be executed). 只看我的 narrows both to the caller's orders.
 */
export function CareCalendar() {
  const info = useCareKind();
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const [mine, setMine] = useState(false);
  const [day, setDay] = useState<string | null>(null);
  const [executing, setExecuting] = useState<number | null>(null);
  const [list, reloadList] = useListReload();
  const { data, reload } = useLoaded(() => info.api.orders.calendar(month, mine), `${month}:${mine}`, NO_DAYS);
  const changed = () => {
    reload();
    reloadList();
  };
  const byDate = new Map(data.map((entry) => [entry.date, entry]));

  const spec = {
    ...orderList(info, { open: (row: CareOrder) => setExecuting(row.id), generated: changed }),
    urlState: false,
    toolbar: [],
    fetch: (query: Parameters<typeof info.api.orders.list>[0]) =>
      info.api.orders.list({ ...query, dueTimeStart: `${day} 00:00:00`, dueTimeEnd: `${day} 23:59:59`, ...(mine ? { mine: '1' } : {}) }),
  };

  return (
    <div className="mes-care-calendar">
      <Space style={{ marginBottom: 8 }}>
        <Switch checked={mine} onChange={setMine} aria-label="只看我的" />
        <Typography.Text>只看我的</Typography.Text>
        <Badge color="green" text="已完成" />
        <Badge color="blue" text="待完成（待执行、执行中）" />
        <Badge color="red" text="已逾期" />
      </Space>
      <Calendar
        value={dayjs(`${month}-01`)}
        onPanelChange={(value: Dayjs) => setMonth(value.format('YYYY-MM'))}
        onSelect={(value: Dayjs, { source }) => {
          if (source === 'date') setDay(value.format('YYYY-MM-DD'));
          else setMonth(value.format('YYYY-MM'));
        }}
        cellRender={(value: Dayjs, { type }) => (type === 'date' ? <DayFigures day={byDate.get(value.format('YYYY-MM-DD'))} /> : null)}
      />
      <Drawer open={day !== null} size={1200} title={`${day ?? ''} 到期的${info.noun}工单`} onClose={() => setDay(null)} destroyOnHidden className="mes-care-day-drawer">
        {/* Another day or 只看我的 is another list. */}
        {day && <ListPage key={`${day}:${mine}`} handle={list} spec={spec} />}
      </Drawer>
      <ExecuteDialog orderId={executing} onClose={() => setExecuting(null)} onChanged={changed} />
    </div>
  );
}
