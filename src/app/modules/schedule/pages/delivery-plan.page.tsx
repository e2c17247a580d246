import { useMemo, useState } from 'react';
import { Card, DatePicker, Segmented, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DeliveryCapacity, ScheduleOrder } from '@core/contracts/schedule';
import { DATE_FORMAT } from '@core/format';
import { useLoaded } from '@app/components';
import { useTabQuery } from '@app/shell/use-tab-query';
import { deliveryDays } from '../delivery-plan';
import { scheduleApi } from '../schedule.api';
import { CapacityTable, DeliveryCalendar, DELIVERY_CSS, OrderTable } from '../components/delivery-plan.parts';
import { ScheduleFrame } from '../components/schedule-frame';

/** The most orders one range shows (a planner's fortnight holds far fewer). */
const ORDER_LIMIT = 1000;
const EMPTY: { capacity: DeliveryCapacity; orders: ScheduleOrder[]; total: number } = { capacity: { processes: [], days: [], cells: [] }, orders: [], total: 0 };

async function loadPlan(start: string, end: string) {
  const [capacity, page] = await Promise.all([
    scheduleApi.deliveryCapacity(start, end),
    scheduleApi.orders({ page: 1, limit: ORDER_LIMIT, deliveryDateStart: `${start} 00:00:00`, deliveryDateEnd: `${end} 23:59:59`, scheduleState: ['0', '1', '2', '3'] }),
  ]);
  return { capacity, orders: page.list, total: page.total };
}

const VIEWS = [
  { value: 'calendar', label: '日历' },
  { value: 'list', label: '列表' },
];

/**
 * 交期计划 (/delivery-plan): the orders due in a range by delivery day (calendar or list) and, per
 * process and day, the capacity the due orders need against what the able machines have; a day
 * short of capacity is red.
 */
export default function DeliveryPlanPage() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('day'), dayjs().add(13, 'day').startOf('day')]);
  const [view, setView] = useTabQuery('tab', 'calendar');
  const start = range[0].format(DATE_FORMAT);
  const end = range[1].format(DATE_FORMAT);
  const { data, loading } = useLoaded(() => loadPlan(start, end), `${start}|${end}`, EMPTY);
  const days = useMemo(() => deliveryDays(data.capacity, data.orders), [data]);
  const overloadedDays = days.filter((day) => day.overloaded.length > 0).length;

  return (
    <ScheduleFrame name="delivery-plan">
      <style>{DELIVERY_CSS}</style>
      <Space style={{ marginBottom: 12 }} wrap>
        <DatePicker.RangePicker
          className="mes-delivery-range"
          allowClear={false}
          value={range}
          onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
        />
        <Segmented className="mes-delivery-view" options={VIEWS} value={view === 'list' ? 'list' : 'calendar'} onChange={(value) => setView(String(value))} />
        <Typography.Text type="secondary" className="mes-delivery-summary">
          {data.total} 个订单交货
          {data.total > ORDER_LIMIT ? `（显示前 ${ORDER_LIMIT} 个）` : ''}
          {overloadedDays > 0 ? <Typography.Text type="danger">，{overloadedDays} 天产能不足</Typography.Text> : '，产能充足'}
        </Typography.Text>
      </Space>
      <Spin spinning={loading}>
        <div className="mes-delivery-plan" data-loading={String(loading)}>
          <Card size="small" title="产能负荷（需求 / 可用，小时）" style={{ marginBottom: 12 }}>
            <CapacityTable capacity={data.capacity} />
          </Card>
          <Card size="small" title={view === 'list' ? '交货订单' : '交货日历'}>
            {view === 'list' ? <OrderTable orders={data.orders} /> : <DeliveryCalendar days={days} />}
          </Card>
        </div>
      </Spin>
    </ScheduleFrame>
  );
}
