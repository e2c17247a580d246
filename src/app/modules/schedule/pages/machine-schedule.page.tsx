import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { App, Button, DatePicker, Empty, Select, Space, Spin, Statistic, Typography } from 'antd';
import { ScheduleAuthorities as A } from '@core/access/authorities/schedule';
import { isStartedStatus, type MachineQueue, type ScheduleMachine, type ScheduleTask, type SortResult } from '@core/contracts/schedule';
import { DATE_FORMAT, DATE_TIME_FORMAT, dayjs } from '@core/format';
import { AuthButton, useCan, useLoaded } from '@app/components';
import { printInFrame } from '@app/shared';
import { dayPlanDocument, tasksOfDay } from '../gantt/day-plan';
import { ganttApi } from '../gantt/gantt.api';
import { QueueList } from '../gantt/queue-list';

const NO_MACHINES: ScheduleMachine[] = [];

/** The machines of the factory (with their processes), for the picker and the drop targets. */
function useMachines(): ScheduleMachine[] {
  const today = dayjs().startOf('day');
  const { data } = useLoaded(
    async () => (await ganttApi.view(today.format(DATE_TIME_FORMAT), today.endOf('day').format(DATE_TIME_FORMAT))).machines,
    'machines',
    NO_MACHINES,
  );
  return data;
}

/** The queue with a sort's changed tasks put in: those now on another machine leave it, the others take their new values. */
function merged(queue: readonly ScheduleTask[], result: SortResult, machineId: number): ScheduleTask[] {
  const changed = new Map(result.changed.map((task) => [task.id, task]));
  return queue.map((task) => changed.get(task.id) ?? task).filter((task) => task.deviceId === machineId);
}

/**
 * 机台排程 (hidden, `?deviceId=`): one machine's queue. Drag a task to another place (v2
 * machine_schedule/manual_sort with the whole not-started queue) or onto another machine (v3
 * manual_sort to the end of its queue); the new order shows at once and the recalculated times as
 * soon as the server answers. Prints the machine's plan of a day.
 */
export default function MachineSchedulePage() {
  const { message } = App.useApp();
  const can = useCan();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const deviceId = Number(params.get('deviceId')) || null;
  const machines = useMachines();
  const [state, setState] = useState<{ id: number | null; queue: MachineQueue | null }>({ id: null, queue: null });
  const [pending, setPending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [day, setDay] = useState(() => dayjs());
  const anchor = useRef<HTMLDivElement>(null);
  const dropAt = useRef(0);

  useEffect(() => {
    if (!deviceId) return undefined;
    let live = true;
    ganttApi.queue(deviceId).then(
      (queue) => live && setState({ id: deviceId, queue }),
      () => live && setState({ id: deviceId, queue: null }),
    );
    return () => {
      live = false;
    };
  }, [deviceId]);

  // The moment the recalculated times are on screen, measured from the drop.
  useEffect(() => {
    if (!pending && dropAt.current) {
      const shown = Math.round(performance.now() - dropAt.current);
      dropAt.current = 0;
      setNote((text) => (text ? `${text}，${shown} 毫秒后显示` : text));
    }
  }, [pending]);

  const loading = deviceId !== null && state.id !== deviceId;
  const queue = state.id === deviceId ? state.queue : null;
  const tasks = useMemo(() => queue?.tasks ?? [], [queue]);
  const late = tasks.filter((task) => task.late).length;
  const minutes = tasks.reduce((sum, task) => sum + task.setupMinutes + task.runMinutes, 0);

  const run = async (optimistic: ScheduleTask[], call: () => Promise<SortResult>, what: string) => {
    if (!deviceId || !queue) return;
    dropAt.current = performance.now();
    setState({ id: deviceId, queue: { ...queue, tasks: optimistic } });
    setPending(true);
    setNote(null);
    try {
      const result = await call();
      setState((current) => (current.queue && current.id === deviceId ? { ...current, queue: { ...current.queue, tasks: merged(current.queue.tasks, result, deviceId) } } : current));
      setNote(`${what}：重新计算了 ${result.changed.length} 个任务（服务器 ${result.elapsedMs} 毫秒）`);
    } catch {
      // The error was shown by the http client; the queue goes back to what the server has.
      setState({ id: deviceId, queue });
      dropAt.current = 0;
    } finally {
      setPending(false);
    }
  };

  const onReorder = (next: ScheduleTask[], moved: ScheduleTask) => {
    // The whole queue but its started head, which the server keeps first.
    const ids = next.filter((task) => !isStartedStatus(task.status)).map((task) => task.id);
    void run(next, () => ganttApi.sortQueue(deviceId!, ids), `已调整「${moved.orderNo} ${moved.processName}」的顺序`);
  };
  const onMoveToMachine = (task: ScheduleTask, machine: ScheduleMachine) => {
    void run(
      tasks.filter((item) => item.id !== task.id),
      () => ganttApi.moveTask(task.id, machine.id, null),
      `已将「${task.orderNo} ${task.processName}」移到${machine.name}`,
    );
  };

  const print = () => {
    if (!queue || !anchor.current) return;
    const date = day.format(DATE_FORMAT);
    const title = `${queue.machine.name} ${date} 机台日计划`;
    void printInFrame(anchor.current, dayPlanDocument(queue.machine.name, date, tasksOfDay(tasks, date), dayjs().format('YYYY-MM-DD HH:mm')), title);
    message.success(`已生成「${title}」，请在打印窗口中打印`);
  };

  return (
    <div className="mes-machine-schedule" ref={anchor}>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Select
            className="mes-machine-picker"
            showSearch
            optionFilterProp="label"
            placeholder="选择机台"
            style={{ width: 240 }}
            value={deviceId ?? undefined}
            onChange={(value: number) => setParams({ deviceId: String(value) })}
            options={machines.map((machine) => ({ value: machine.id, label: `${machine.name}（${machine.deviceNo}）` }))}
          />
          <Button onClick={() => navigate('/schedule-views')}>排产视图</Button>
        </Space>
        <Space wrap>
          <DatePicker value={day} allowClear={false} onChange={(value) => value && setDay(value)} />
          <AuthButton authority={A.print} disabled={!queue} onClick={print}>
            打印日计划
          </AuthButton>
        </Space>
      </Space>
      {!deviceId ? (
        <Empty description="请选择机台" />
      ) : (
        <Spin spinning={loading}>
          {queue && (
            <>
              <Space size={40} style={{ marginBottom: 12 }} wrap>
                <Statistic title="机台" value={queue.machine.name} valueStyle={{ fontSize: 18 }} />
                <Statistic title="队列任务" value={tasks.length} />
                <Statistic title="延期任务" value={late} valueStyle={late ? { color: '#cf1322' } : undefined} />
                <Statistic title="计划时长（小时）" value={(minutes / 60).toFixed(1)} />
                <Statistic title="可做工序" value={queue.machine.processNames.join('、') || '—'} valueStyle={{ fontSize: 14 }} />
              </Space>
              <div style={{ minHeight: 22, marginBottom: 8 }}>
                <Typography.Text type={pending ? 'secondary' : 'success'} className="mes-queue-note">
                  {pending ? '正在重新计算排程时间…' : note}
                </Typography.Text>
              </div>
              <QueueList
                tasks={tasks}
                machines={machines}
                machineId={deviceId}
                pending={pending}
                canSort={can(A.sort)}
                height={560}
                onReorder={onReorder}
                onMoveToMachine={onMoveToMachine}
              />
            </>
          )}
        </Spin>
      )}
    </div>
  );
}
