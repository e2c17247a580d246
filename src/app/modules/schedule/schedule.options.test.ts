import { describe, expect, it } from 'vitest';
import type { ScheduleTask } from '@core/contracts/schedule';
import { refusedTask, shortTime } from './schedule.options';

const task = (facts: Partial<ScheduleTask>) =>
  ({ status: 0, taskType: null, issued: false, revoked: false, queuePos: null, plannedEnd: null, scheduleState: 0, orderNo: 'SO-1', processName: '印刷', ...facts }) as ScheduleTask;

describe('schedule task buttons', () => {
  it('says, in the words of the server, which selected task refuses an action', () => {
    const queued = task({ taskType: 2, queuePos: 1, plannedEnd: '2026-12-01 10:00:00' });
    const issued = task({ orderNo: 'SO-2', processName: '糊箱', taskType: 2, issued: true, status: 1, queuePos: 1, plannedEnd: '2026-12-01 12:00:00' });
    expect(refusedTask([queued], 'issue')).toBeUndefined();
    expect(refusedTask([queued, issued], 'issue')).toBe('订单SO-2的工序「糊箱」已下发');
    expect(refusedTask([task({})], 'preSchedule')).toBeUndefined();
    expect(refusedTask([task({ taskType: 1 })], 'preSchedule')).toBe('订单SO-1的工序「印刷」已在预排产中');
    expect(refusedTask([issued], 'close', true)).toBeUndefined();
    expect(refusedTask([issued], 'close')).toBe('订单SO-2的工序「糊箱」不是未完工任务');
  });

  it('shortens planned times to MM-DD HH:mm', () => {
    expect(shortTime('2026-12-01 08:30:00')).toBe('12-01 08:30');
    expect(shortTime('2026-12-01T08:30:00+08:00')).toBe('12-01 08:30');
    expect(shortTime(null)).toBe('—');
  });
});
