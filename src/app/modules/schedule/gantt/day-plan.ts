import type { ScheduleTask } from '@core/contracts/schedule';
import { dayjs } from '@core/format';
import { escapeHtml } from '@app/shared';
import { toMs } from './model';

/** The tasks of a queue at work on a day (planned time overlapping it), in queue order. */
export function tasksOfDay(tasks: readonly ScheduleTask[], day: string): ScheduleTask[] {
  const start = dayjs(day).startOf('day').valueOf();
  const end = start + 86_400_000;
  return tasks.filter((task) => task.plannedStart && task.plannedEnd && toMs(task.plannedStart) < end && toMs(task.plannedEnd) > start);
}

const hm = (value: string | null, day: string) => {
  if (!value) return '';
  const time = dayjs(value);
  return time.format('YYYY-MM-DD') === day ? time.format('HH:mm') : time.format('MM-DD HH:mm');
};

/**
 * The print document of one machine's day plan (机台日计划): A4 landscape, the machine and day on
 * top, then one line per task in queue order (order, customer, product, process, quantity, die and
 * plate, setup and run minutes, planned times, due date) and a line for the operator's signature.
 */
export function dayPlanDocument(machineName: string, day: string, tasks: readonly ScheduleTask[], printedAt: string): string {
  const e = (value: string | number) => escapeHtml(String(value));
  const rows = tasks
    .map(
      (task, index) => `<tr${task.late ? ' class="late"' : ''}>
<td>${index + 1}</td><td>${e(task.orderNo)}</td><td>${e(task.customerName)}</td><td>${e(task.productName)}</td><td>${e(task.processName)}</td>
<td class="n">${e(task.plannedQty)}</td><td>${e([task.dieNo, task.plateNo].filter(Boolean).join(' / '))}</td><td class="n">${e(task.setupMinutes)}</td><td class="n">${e(task.runMinutes)}</td>
<td>${e(hm(task.plannedStart, day))}</td><td>${e(hm(task.plannedEnd, day))}</td><td>${e(task.deliveryDate.slice(0, 10))}${task.late ? ' 延期' : ''}</td><td></td></tr>`,
    )
    .join('\n');
  const minutes = tasks.reduce((sum, task) => sum + task.setupMinutes + task.runMinutes, 0);
  const title = `${machineName} ${day} 机台日计划`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${e(title)}</title><style>
@page { size: A4 landscape; margin: 10mm; }
body { font-family: "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; font-size: 11px; color: #000; margin: 0; }
h1 { font-size: 18px; margin: 0 0 4px; text-align: center; }
.meta { display: flex; justify-content: space-between; margin-bottom: 6px; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #555; padding: 3px 4px; text-align: left; }
th { background: #eee; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
td.n { text-align: right; }
tr.late td { font-weight: bold; }
tr { break-inside: avoid; }
.sign { margin-top: 16px; display: flex; gap: 64px; }
</style></head><body>
<h1>机台日计划</h1>
<div class="meta"><span>机台：${e(machineName)}</span><span>日期：${e(day)}</span><span>任务：${tasks.length} 个，共 ${minutes} 分钟</span><span>打印时间：${e(printedAt)}</span></div>
<table><thead><tr><th>序号</th><th>订单号</th><th>客户</th><th>产品</th><th>工序</th><th>数量</th><th>刀模/印版</th><th>准备(分)</th><th>生产(分)</th><th>计划开始</th><th>计划结束</th><th>交期</th><th>实际完成</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="13" style="text-align:center">当天没有排产任务</td></tr>'}
</tbody></table>
<div class="sign"><span>机长签字：</span><span>班组长签字：</span></div>
</body></html>`;
}
