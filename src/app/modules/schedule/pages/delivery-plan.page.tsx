import { useMemo, useState, type HTMLAttributes } from 'react';
import { Card, DatePicker, Empty, Segmented, Space, Spin, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { DeliveryCapacity, ScheduleOrder } from '@core/contracts/schedule';
import { DATE_FORMAT } from '@core/format';
import { useLoaded } from '@app/components';
import { useTabQuery } from '@app/shell/use-tab-query';
import { capacityIndex, deliveryDays, weekdayOf, type DeliveryDay } from '../delivery-plan';
import { scheduleApi } from '../schedule.api';
import { hours, SCHEDULE_STATE_OPTIONS, shortTime, URGENCY_OPTIONS } from '../schedule.options';
import { ScheduleFrame } from '../components/schedule-frame';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
/** The most orders one range shows (a planner's fortnight holds far fewer). */
const ORDER_LIMIT = 1000;
const EMPTY: { capacity: DeliveryCapacity; orders: ScheduleOrder[]; total: number } = { capacity: { processes: [], days: [], cells: [] }, orders: [], total: 0 };

const tagOf = (options: ReadonlyArray<{ value: number; label: string; color?: string }>, value: number) => {
  const option = options.find((each) => each.value === value);
  return option && <Tag color={option.color}>{option.label}</Tag>;
};

async function loadPlan(start: string, end: string) {
  const [capacity, page] = await Promise.all([
    scheduleApi.deliveryCapacity(start, end),
    scheduleApi.orders({ page: 1, limit: ORDER_LIMIT, deliveryDateStart: `${start} 00:00:00`, deliveryDateEnd: `${end} 23:59:59`, scheduleState: ['0', '1', '2', '3'] }),
  ]);
  return { capacity, orders: page.list, total: page.total };
}

/** Needed against available hours of each process per day; a day short of capacity is red. */
function CapacityTable({ capacity }: { capacity: DeliveryCapacity }) {
  const index = useMemo(() => capacityIndex(capacity), [capacity]);
  return (
    <Table<{ id: number; name: string }>
      className="mes-delivery-capacity"
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={capacity.processes}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选日期内没有工序产能数据" /> }}
      columns={[
        { key: 'name', title: '工序', dataIndex: 'name', width: 110, fixed: 'left' },
        ...capacity.days.map((date) => ({
          key: date,
          title: `${date.slice(5)} 周${WEEKDAYS[weekdayOf(date) - 1]}`,
          width: 96,
          onCell: (process: { id: number }) => {
            const cell = index.get(`${process.id}|${date}`);
            return { className: cell?.overloaded ? 'mes-overloaded' : undefined, 'data-date': date } as HTMLAttributes<HTMLElement>;
          },
          render: (_: unknown, process: { id: number }) => {
            const cell = index.get(`${process.id}|${date}`);
            if (!cell || (cell.neededMinutes === 0 && cell.availableMinutes === 0)) return <Typography.Text type="secondary">—</Typography.Text>;
            return (
              <span className="mes-capacity-cell" title={`需求 ${hours(cell.neededMinutes)} 小时 / 可用 ${hours(cell.availableMinutes)} 小时，${cell.orderCount} 个订单`}>
                {hours(cell.neededMinutes)} / {hours(cell.availableMinutes)}
              </span>
            );
          },
        })),
      ]}
    />
  );
}

function DayCell({ day }: { day: DeliveryDay }) {
  const overloaded = day.overloaded.length > 0;
  return (
    <div className={`mes-delivery-day${overloaded ? ' is-overloaded' : ''}`} data-date={day.date} data-orders={day.orders.length}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 4 }}>
        <strong>{day.date.slice(5)}</strong>
        {day.orders.length > 0 && <Tag color="blue">{day.orders.length} 单</Tag>}
      </div>
      {overloaded && (
        <div className="mes-delivery-overload" title={day.overloaded.map((cell) => `${cell.processName} 需求 ${hours(cell.neededMinutes)} 小时 / 可用 ${hours(cell.availableMinutes)} 小时`).join('\n')}>
          超负荷：{day.overloaded.map((cell) => cell.processName).join('、')}
        </div>
      )}
      <div className="mes-delivery-orders">
        {day.orders.map((order) => (
          <div key={order.id} className={order.late ? 'is-late-order' : undefined} title={`${order.customerName} · ${order.productName} · ${order.quantity}${order.unit}`}>
            {order.orderNo}
            {order.urgency > 0 && <span className="mes-delivery-urgent">急</span>}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The range as a Monday-first month-like grid. */
function DeliveryCalendar({ days }: { days: readonly DeliveryDay[] }) {
  if (days.length === 0) return <Empty description="所选日期内没有数据" />;
  const lead = days[0]!.weekday - 1;
  return (
    <div className="mes-delivery-calendar">
      {WEEKDAYS.map((name) => (
        <div key={name} className="mes-delivery-weekday">
          周{name}
        </div>
      ))}
      {Array.from({ length: lead }, (_, index) => (
        <div key={`lead-${index}`} />
      ))}
      {days.map((day) => (
        <DayCell key={day.date} day={day} />
      ))}
    </div>
  );
}

function OrderTable({ orders }: { orders: readonly ScheduleOrder[] }) {
  const sorted = useMemo(() => [...orders].sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate) || b.urgency - a.urgency), [orders]);
  return (
    <Table<ScheduleOrder>
      className="mes-delivery-orders-table"
      size="small"
      rowKey="id"
      dataSource={sorted}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 200], showTotal: (total) => `共 ${total} 条` }}
      rowClassName={(order) => (order.late ? 'is-late' : '')}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选日期内没有交货的订单" /> }}
      columns={[
        { key: 'deliveryDate', title: '交货日期', dataIndex: 'deliveryDate', width: 100 },
        { key: 'orderNo', title: '订单号', dataIndex: 'orderNo', width: 150 },
        { key: 'customerName', title: '客户名称', dataIndex: 'customerName', width: 140, ellipsis: true },
        { key: 'productName', title: '产品名称', dataIndex: 'productName', width: 150, ellipsis: true },
        { key: 'quantity', title: '数量', dataIndex: 'quantity', width: 90, align: 'right', render: (value: number) => value.toLocaleString('zh-CN') },
        { key: 'urgency', title: '紧急', dataIndex: 'urgency', width: 70, render: (value: number) => tagOf(URGENCY_OPTIONS, value) },
        { key: 'ops', title: '工序（已排/共）', width: 120, render: (_: unknown, order) => `${order.scheduledCount} / ${order.operationCount}` },
        { key: 'plannedEnd', title: '计划完工', width: 110, render: (_: unknown, order) => (order.late ? <Typography.Text type="danger">{shortTime(order.plannedEnd)}</Typography.Text> : shortTime(order.plannedEnd)) },
        { key: 'scheduleState', title: '排产状态', dataIndex: 'scheduleState', width: 90, render: (value: number) => tagOf(SCHEDULE_STATE_OPTIONS, value) },
      ]}
    />
  );
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

const DELIVERY_CSS = `
.mes-delivery-capacity td.mes-overloaded { background: #fff1f0; color: #cf1322; font-weight: 600; }
.mes-delivery-calendar { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: 4px; }
.mes-delivery-weekday { text-align: center; font-weight: 600; padding: 4px; }
.mes-delivery-day { min-height: 110px; padding: 6px; border: 1px solid #f0f0f0; border-radius: 4px; background: #fff; font-size: 12px; }
.mes-delivery-day.is-overloaded { border-color: #ffa39e; background: #fff1f0; }
.mes-delivery-overload { color: #cf1322; margin-bottom: 4px; }
.mes-delivery-orders { max-height: 120px; overflow: auto; line-height: 20px; }
.mes-delivery-orders .is-late-order { color: #cf1322; }
.mes-delivery-urgent { margin-left: 4px; padding: 0 3px; border-radius: 2px; background: #fff7e6; color: #d46b08; }
`;
