import { taskActionRefusal, type ScheduleMachine, type ScheduleTask, type ScheduleView, type WorkWindow } from '@core/contracts/schedule';
import { OPERATION_STATUS } from '@core/enums';
import { dayjs } from '@core/format';
import type { GanttRow } from './layout';
import type { Span } from './preview';

/** How the bars are coloured. */
export type ColorMode = 'order' | 'status' | 'late';
export const COLOR_MODES: { value: ColorMode; label: string }[] = [
  { value: 'order', label: '按订单' },
  { value: 'status', label: '按状态' },
  { value: 'late', label: '按延期' },
];

const ORDER_PALETTE = ['#1677ff', '#13c2c2', '#52c41a', '#722ed1', '#eb2f96', '#fa8c16', '#2f54eb', '#7cb305', '#08979c', '#c41d7f', '#d48806', '#531dab'];
export const STATUS_COLORS: Record<number, string> = { 0: '#8c8c8c', 1: '#1677ff', 2: '#fa8c16', 3: '#52c41a', 6: '#13c2c2', 7: '#2f54eb' };
export const LATE_FILL = '#f5222d';
export const ON_TIME_FILL = '#52c41a';
export const statusLegend = OPERATION_STATUS.options.map((option) => ({ label: option.label, color: STATUS_COLORS[option.value] ?? '#8c8c8c' }));

/** A stable colour per order (its id picks one of 12). */
export const orderColor = (orderId: number) => ORDER_PALETTE[Math.abs(orderId) % ORDER_PALETTE.length]!;

export function taskColor(task: ScheduleTask, mode: ColorMode): string {
  if (mode === 'status') return STATUS_COLORS[task.status] ?? '#8c8c8c';
  if (mode === 'late') return task.late ? LATE_FILL : ON_TIME_FILL;
  return orderColor(task.orderId);
}

export const toMs = (value: string) => dayjs(value).valueOf();
export const timeText = (ms: number) => dayjs(ms).format('MM-DD HH:mm');

/** Why a task may not be moved (the server's own gate: queued and not started), or undefined. */
export const sortRefusal = (task: ScheduleTask) => taskActionRefusal(task, 'sort');
export const movable = (task: ScheduleTask) => sortRefusal(task) === undefined;

/** [start, end) spans of `windows` in ms, sorted. */
export const windowSpans = (windows: readonly WorkWindow[]): Span[] =>
  windows.map(([start, end]) => [toMs(start), toMs(end)] as const).sort((a, b) => a[0] - b[0]);

/** The time in [from, to) outside the working windows (sorted spans). */
export function offShiftSpans(windows: readonly Span[], from: number, to: number): Span[] {
  const spans: Span[] = [];
  let cursor = from;
  for (const [start, end] of windows) {
    if (end <= cursor) continue;
    if (start >= to) break;
    if (start > cursor) spans.push([cursor, start]);
    cursor = Math.max(cursor, end);
  }
  if (cursor < to) spans.push([cursor, to]);
  return spans;
}

/** Local days in [from, to) on which no machine has any working time (holidays, rest days). */
export function holidaySpans(machines: readonly { windows: readonly Span[] }[], from: number, to: number): Span[] {
  if (machines.length === 0) return [];
  const spans: Span[] = [];
  for (let day = dayjs(from).startOf('day'); day.valueOf() < to; day = day.add(1, 'day')) {
    const start = day.valueOf();
    const end = day.add(1, 'day').valueOf();
    const working = machines.some((machine) => machine.windows.some(([a, b]) => a < end && b > start));
    if (!working) spans.push([start, end]);
  }
  return spans;
}

export interface GanttData {
  rows: GanttRow<ScheduleTask>[];
  holidays: Span[];
  machines: ScheduleMachine[];
  /** End of each task's order's previous operation (ms) among the tasks shown: the earliest it may start. */
  previousEnd: Map<string, number>;
  tasks: ScheduleTask[];
}

/** Rows of the Gantt from schedule_view/list: one per machine, its tasks by start, shading from its windows. */
export function ganttData(view: Pick<ScheduleView, 'machines' | 'tasks'>, from: number, to: number, mode: ColorMode): GanttData {
  const byMachine = new Map<number, ScheduleTask[]>();
  for (const task of view.tasks) {
    if (task.deviceId === null || !task.plannedStart || !task.plannedEnd) continue;
    const list = byMachine.get(task.deviceId) ?? [];
    list.push(task);
    byMachine.set(task.deviceId, list);
  }
  const windows = view.machines.map((machine) => ({ machine, windows: windowSpans(machine.windows) }));
  const rows = windows.map(({ machine, windows: spans }) => ({
    id: String(machine.id),
    label: machine.name,
    offShift: offShiftSpans(spans, from, to),
    tasks: (byMachine.get(machine.id) ?? [])
      .map((task) => {
        const start = toMs(task.plannedStart!);
        return {
          id: String(task.id),
          start,
          end: Math.max(start, toMs(task.plannedEnd!)),
          setupMs: task.setupMinutes * 60_000,
          color: taskColor(task, mode),
          late: task.late,
          label: `${task.orderNo} ${task.processName}`,
          data: task,
        };
      })
      .sort((a, b) => a.start - b.start),
  }));
  return { rows, holidays: holidaySpans(windows, from, to), machines: view.machines, previousEnd: previousEnds(view.tasks), tasks: view.tasks };
}

/** For each task, the planned end of its order's previous operation (by seq) when that one is planned. */
export function previousEnds(tasks: readonly ScheduleTask[]): Map<string, number> {
  const byOrder = new Map<number, ScheduleTask[]>();
  for (const task of tasks) {
    const list = byOrder.get(task.orderId) ?? [];
    list.push(task);
    byOrder.set(task.orderId, list);
  }
  const ends = new Map<string, number>();
  for (const list of byOrder.values()) {
    list.sort((a, b) => a.seq - b.seq);
    for (let index = 1; index < list.length; index++) {
      const previous = list[index - 1]!;
      if (previous.plannedEnd) ends.set(String(list[index]!.id), toMs(previous.plannedEnd));
    }
  }
  return ends;
}

/**
 * The view's tasks with the changed ones of a sort result put in (by id), keeping what the view
 * holds: tasks overlapping [from, to) (ms) — a task pushed out of the range leaves, one pulled in joins.
 */
export function withChanged(tasks: readonly ScheduleTask[], changed: readonly ScheduleTask[], from: number, to: number): ScheduleTask[] {
  const byId = new Map(changed.map((task) => [task.id, task]));
  const inRange = (task: ScheduleTask) => !task.plannedStart || !task.plannedEnd || (toMs(task.plannedStart) < to && toMs(task.plannedEnd) > from);
  const known = new Set(tasks.map((task) => task.id));
  return [...tasks.map((task) => byId.get(task.id) ?? task), ...changed.filter((task) => !known.has(task.id))].filter(inRange);
}
