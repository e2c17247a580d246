import type { ScheduleTask } from '@core/contracts/schedule';
import { OPERATION_STATUS, URGENCY } from '@core/enums';
import { shortDate } from '@core/format';
import { timeText, toMs } from './model';

const time = (value: string | null) => (value ? timeText(toMs(value)) : '—');

/** A task's details in the Gantt's hover box: order, product, process, machine, times, setup and run, due date, status. */
export function TaskTooltip({ task }: { task: ScheduleTask }) {
  return (
    <div className="mes-gantt-task-details" data-task={task.id}>
      <div style={{ fontWeight: 600 }}>
        {task.orderNo} · {task.processName}
        {task.late && <span style={{ color: '#ff7875', marginLeft: 6 }}>延期</span>}
      </div>
      <div>
        {task.customerName} · {task.productName}
      </div>
      <div>机台：{task.deviceName}</div>
      <div className="mes-gantt-task-time">
        计划：{time(task.plannedStart)} – {time(task.plannedEnd)}
      </div>
      <div>
        准备 {task.setupMinutes} 分钟 · 生产 {task.runMinutes} 分钟 · 数量 {task.plannedQty}
        {task.unit}
      </div>
      <div>
        交期：{shortDate(task.deliveryDate)} · {URGENCY.label(task.urgency)} · {OPERATION_STATUS.label(task.status)}
        {task.issued ? ' · 已下发' : ''}
      </div>
      {task.setupKey && <div>换型标识：{task.setupKey}</div>}
      {task.anewTimeFlag && <div style={{ color: '#ffc069' }}>时间待重算：{task.anewTimeReason}</div>}
    </div>
  );
}
