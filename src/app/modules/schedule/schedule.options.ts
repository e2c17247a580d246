import { OPERATION_STATUS, SCHEDULE_STATE, TASK_TYPE, URGENCY } from '@core/enums';
import type { ScheduleTask } from '@core/contracts/schedule';

const colored = <V extends number>(options: ReadonlyArray<{ value: V; label: string }>, colors: Record<number, string>) =>
  options.map((option) => ({ ...option, color: colors[option.value] }));

export const OPERATION_STATUS_OPTIONS = colored(OPERATION_STATUS.options, { 0: 'default', 1: 'blue', 2: 'processing', 3: 'green', 6: 'cyan', 7: 'geekblue' });
export const URGENCY_OPTIONS = colored(URGENCY.options, { 0: 'default', 1: 'orange', 2: 'volcano', 3: 'red' });
export const SCHEDULE_STATE_OPTIONS = colored(SCHEDULE_STATE.options, { 0: 'default', 1: 'blue', 2: 'green', 3: 'orange', 9: 'default' });
export const TASK_TYPE_OPTIONS = colored(TASK_TYPE.options, { 1: 'cyan', 2: 'blue', 3: 'default', 4: 'processing' });

/** What a planner can do with a task, each behind its own button code. */
export type TaskAction = 'assignMachine' | 'preSchedule' | 'cancelPre' | 'manualSchedule' | 'autoSchedule' | 'issue' | 'cancel' | 'urgent';

const NOT_STARTED = new Set([0, 1, 6, 7]);

/**
 * The actions a task's place allows (the server checks the same; this only enables the buttons):
 * 待排工序 and 预排产 take a machine and go into a queue, 已排产 tasks are issued, cancelled or moved
 * to the head of their queue (插单) while not started.
 */
export function taskActionsOf(task: Pick<ScheduleTask, 'status' | 'taskType' | 'issued' | 'revoked' | 'queuePos'>): TaskAction[] {
  if (task.revoked) return [];
  const waiting = !task.issued && (task.status === 0 || task.status === 6);
  if (waiting && task.taskType === null) return ['assignMachine', 'preSchedule', 'manualSchedule', 'autoSchedule'];
  if (waiting && task.taskType === 1) return ['assignMachine', 'cancelPre', 'manualSchedule', 'autoSchedule'];
  const actions: TaskAction[] = [];
  if (!task.issued && task.taskType === 2) actions.push('issue', 'cancel');
  if (task.issued && task.status === 1) actions.push('cancel');
  if (task.queuePos !== null && NOT_STARTED.has(task.status)) actions.push('urgent');
  return actions;
}

/** The first selected task `action` is not allowed for, as a disabled button's reason. */
export function refusedTask(tasks: readonly ScheduleTask[], action: TaskAction, label: string): string | undefined {
  const refused = tasks.find((task) => !taskActionsOf(task).includes(action));
  return refused && `订单${refused.orderNo}的工序「${refused.processName}」当前不能${label}`;
}

/** `MM-DD HH:mm` of a planned time, '—' when none. */
export function shortTime(value: string | null): string {
  if (!value) return '—';
  const match = /^\d{4}-(\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return match ? `${match[1]} ${match[2]}` : value;
}

/** Work minutes as hours with one decimal (小时). */
export const hours = (minutes: number) => `${Math.round((minutes / 60) * 10) / 10}`;
