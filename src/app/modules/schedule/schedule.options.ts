import { OPERATION_STATUS, SCHEDULE_STATE, TASK_TYPE, URGENCY } from '@core/enums';
import { ScheduleMessages, taskActionRefusal, type ScheduleTask, type TaskAction } from '@core/contracts/schedule';

const colored = <V extends number>(options: ReadonlyArray<{ value: V; label: string }>, colors: Record<number, string>) =>
  options.map((option) => ({ ...option, color: colors[option.value] }));

export const OPERATION_STATUS_OPTIONS = colored(OPERATION_STATUS.options, { 0: 'default', 1: 'blue', 2: 'processing', 3: 'green', 6: 'cyan', 7: 'geekblue' });
export const URGENCY_OPTIONS = colored(URGENCY.options, { 0: 'default', 1: 'orange', 2: 'volcano', 3: 'red' });
export const SCHEDULE_STATE_OPTIONS = colored(SCHEDULE_STATE.options, { 0: 'default', 1: 'blue', 2: 'green', 3: 'orange', 9: 'default' });
export const TASK_TYPE_OPTIONS = colored(TASK_TYPE.options, { 1: 'cyan', 2: 'blue', 3: 'default', 4: 'processing' });

/**
 * The first selected task the state gates refuse `action` for, in the server's words (its 4009), as
 * a disabled button's reason. The tasks of the unfinished list are past their planned end.
 */
export function refusedTask(tasks: readonly ScheduleTask[], action: TaskAction, unfinished = false): string | undefined {
  for (const task of tasks) {
    const reason = taskActionRefusal(task, action, unfinished);
    if (reason) return ScheduleMessages.taskIllegal(task.orderNo, task.processName, reason);
  }
  return undefined;
}

/** `MM-DD HH:mm` of a planned time, '—' when none. */
export function shortTime(value: string | null): string {
  if (!value) return '—';
  const match = /^\d{4}-(\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return match ? `${match[1]} ${match[2]}` : value;
}

/** Work minutes as hours with one decimal (小时). */
export const hours = (minutes: number) => `${Math.round((minutes / 60) * 10) / 10}`;
