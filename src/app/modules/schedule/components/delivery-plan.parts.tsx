import { useMemo, type HTMLAttributes } from 'react';
import { Empty, Table, Tag, Typography } from 'antd';
import type { DeliveryCapacity, ScheduleOrder } from '@core/contracts/schedule';
import { capacityIndex, weekdayOf, type DeliveryDay } from '../delivery-plan';
import { hours, SCHEDULE_STATE_OPTIONS, URGENCY_OPTIONS } from '../schedule.options';
import { EnumTag, PlannedTime } from './cells';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

/** Needed against available hours of each process per day; a day short of capacity is red. */
export function CapacityTable({ capacity }: { capacity: DeliveryCapacity }) {
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
export function DeliveryCalendar({ days }: { days: readonly DeliveryDay[] }) {
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

export function OrderTable({ orders }: { orders: readonly ScheduleOrder[] }) {
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
        { key: 'urgency', title: '紧急', dataIndex: 'urgency', width: 70, render: (value: number) => <EnumTag options={URGENCY_OPTIONS} value={value} /> },
        { key: 'ops', title: '工序（已排/共）', width: 120, render: (_: unknown, order) => `${order.scheduledCount} / ${order.operationCount}` },
        { key: 'plannedEnd', title: '计划完工', width: 110, render: (_: unknown, order) => <PlannedTime value={order.plannedEnd} late={order.late} /> },
        { key: 'scheduleState', title: '排产状态', dataIndex: 'scheduleState', width: 90, render: (value: number) => <EnumTag options={SCHEDULE_STATE_OPTIONS} value={value} /> },
      ]}
    />
  );
}

export const DELIVERY_CSS = `
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
