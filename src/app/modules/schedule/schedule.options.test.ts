import { describe, expect, it } from 'vitest';
import type { ScheduleTask } from '@core/contracts/schedule';
import { refusedTask, shortTime, taskActionsOf } from './schedule.options';

const task = (facts: Partial<ScheduleTask>) => ({ status: 0, taskType: null, issued: false, revoked: false, queuePos: null, orderNo: 'SO-1', processName: '印刷', ...facts }) as ScheduleTask;

describe('schedule task buttons', () => {
  it('enables the actions of where a task is: standby, pre-schedule, scheduled, issued', () => {
    expect(taskActionsOf(task({}))).toEqual(['assignMachine', 'preSchedule', 'manualSchedule', 'autoSchedule']);
    expect(taskActionsOf(task({ taskType: 1 }))).toEqual(['assignMachine', 'cancelPre', 'manualSchedule', 'autoSchedule']);
    expect(taskActionsOf(task({ taskType: 2, queuePos: 3 }))).toEqual(['issue', 'cancel', 'urgent']);
    expect(taskActionsOf(task({ taskType: 2, issued: true, status: 1, queuePos: 1 }))).toEqual(['cancel', 'urgent']);
    expect(taskActionsOf(task({ taskType: 4, issued: true, status: 2, queuePos: 1 }))).toEqual([]);
    expect(taskActionsOf(task({ revoked: true }))).toEqual([]);
  });

  it('says which selected task refuses an action', () => {
    const tasks = [task({ taskType: 2, queuePos: 1 }), task({ orderNo: 'SO-2', processName: '糊箱', taskType: 2, issued: true, status: 2, queuePos: 1 })];
    expect(refusedTask(tasks, 'issue', '下发工单')).toBe('订单SO-2的工序「糊箱」当前不能下发工单');
    expect(refusedTask(tasks.slice(0, 1), 'issue', '下发工单')).toBeUndefined();
  });

  it('shortens planned times to MM-DD HH:mm', () => {
    expect(shortTime('2026-12-01 08:30:00')).toBe('12-01 08:30');
    expect(shortTime('2026-12-01T08:30:00+08:00')).toBe('12-01 08:30');
    expect(shortTime(null)).toBe('—');
  });
});
