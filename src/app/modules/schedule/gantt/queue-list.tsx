import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Tag, Tooltip } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import type { ScheduleMachine, ScheduleTask } from '@core/contracts/schedule';
import { OPERATION_STATUS } from '@core/enums';
import { shortDate } from '@core/format';
import { visibleRows } from './layout';
import { movable, sortRefusal, timeText, toMs } from './model';
import { fixedHeadOf, reorder, runOfIndex, setupRuns } from './queue';

const ROW = 40;
const GRID = '28px 44px 150px minmax(160px, 1.4fr) 96px 84px 92px 104px 104px 80px 84px';
const RUN_TONES = ['#e6f4ff', '#f9f0ff'];
const RUN_BARS = ['#1677ff', '#722ed1'];

const time = (value: string | null) => (value ? timeText(toMs(value)) : '—');

export interface QueueListProps {
  tasks: readonly ScheduleTask[];
  /** Other machines a task can be dropped on (those able to run its process accept it). */
  machines: readonly ScheduleMachine[];
  machineId: number;
  /** Times are being recalculated: shown faded. */
  pending: boolean;
  canSort: boolean;
  height: number;
  onReorder: (queue: ScheduleTask[], moved: ScheduleTask) => void;
  onMoveToMachine: (task: ScheduleTask, machine: ScheduleMachine) => void;
}

interface Dragging {
  task: ScheduleTask;
  from: number;
  pointerId: number;
  /** Insertion index in the queue (before the task there), or the machine under the pointer. */
  to: number | null;
  machine: ScheduleMachine | null;
}

/**
 * One machine's queue (机台排程) as a virtualised list: drag a task by its handle to another place
 * (the insertion line shows where) or onto another machine at the side. Late tasks are red;
 * back-to-back tasks with the same setup key are grouped by a coloured bar and tint, the first of a
 * run saying how many share the setup.
 */
export function QueueList({ tasks, machines, machineId, pending, canSort, height, onReorder, onMoveToMachine }: QueueListProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const targetsRef = useRef(new Map<number, HTMLElement>());
  const [scrollTop, setScrollTop] = useState(0);
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const runs = useMemo(() => setupRuns(tasks), [tasks]);
  const runByIndex = useMemo(() => runOfIndex(runs, tasks.length), [runs, tasks.length]);
  const fixedHead = useMemo(() => fixedHeadOf(tasks, movable), [tasks]);
  const { first, last } = visibleRows(scrollTop, height, ROW, tasks.length, 6);

  const dropTargets = machines.filter((machine) => machine.id !== machineId);
  const accepts = (machine: ScheduleMachine, task: ScheduleTask) => machine.processNames.includes(task.processName);

  // While dragging, the pointer is followed on the window (it leaves the handle at once).
  useLayoutEffect(() => {
    if (!dragging) return undefined;
    const locate = (event: PointerEvent): Pick<Dragging, 'to' | 'machine'> => {
      for (const [id, element] of targetsRef.current) {
        const box = element.getBoundingClientRect();
        if (event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom) {
          return { to: null, machine: machines.find((machine) => machine.id === id) ?? null };
        }
      }
      const body = bodyRef.current;
      if (!body) return { to: null, machine: null };
      const box = body.getBoundingClientRect();
      if (event.clientX < box.left || event.clientX > box.right) return { to: null, machine: null };
      if (event.clientY < box.top + 24) body.scrollTop -= 16;
      else if (event.clientY > box.bottom - 24) body.scrollTop += 16;
      const y = Math.max(0, event.clientY - box.top + body.scrollTop);
      return { to: Math.max(fixedHead, Math.min(tasks.length, Math.round(y / ROW))), machine: null };
    };
    const move = (event: PointerEvent) => {
      if (event.pointerId !== dragging.pointerId) return;
      const next = locate(event);
      if (next.to !== dragging.to || next.machine !== dragging.machine) setDragging({ ...dragging, ...next });
    };
    const up = (event: PointerEvent) => {
      if (event.pointerId !== dragging.pointerId) return;
      setDragging(null);
      const { to, machine } = locate(event);
      if (machine) {
        if (accepts(machine, dragging.task)) onMoveToMachine(dragging.task, machine);
        return;
      }
      if (to === null) return;
      const queue = reorder(tasks, dragging.from, to, fixedHead);
      if (queue) onReorder(queue, dragging.task);
    };
    const cancel = () => setDragging(null);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
    };
  });

  const header: CSSProperties = { display: 'grid', gridTemplateColumns: GRID, alignItems: 'center', height: 36, background: '#fafafa', borderBottom: '1px solid #f0f0f0', fontWeight: 500, padding: '0 8px', columnGap: 8 };
  return (
    <div style={{ display: 'flex', gap: 12 }}>
      <div className="mes-queue" style={{ flex: 1, minWidth: 0, border: '1px solid #f0f0f0', borderRadius: 6, overflowX: 'auto' }}>
        <div style={{ minWidth: 1100 }}>
          <div style={header} role="row">
            <span />
            <span>序号</span>
            <span>订单号</span>
            <span>客户 / 产品</span>
            <span>工序</span>
            <span style={{ textAlign: 'right' }}>数量</span>
            <span style={{ textAlign: 'right' }}>准备/生产</span>
            <span>计划开始</span>
            <span>计划结束</span>
            <span>交期</span>
            <span>状态</span>
          </div>
          <div ref={bodyRef} className="mes-queue-body" style={{ position: 'relative', height, overflowY: 'auto', opacity: pending ? 0.6 : 1, transition: 'opacity 0.2s' }} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
            <div style={{ height: tasks.length * ROW, position: 'relative' }}>
              {tasks.slice(first, last).map((task, offset) => {
                const index = first + offset;
                const run = runByIndex[index];
                const canMove = canSort && movable(task) && !pending;
                return (
                  <div
                    key={task.id}
                    className="mes-queue-row"
                    data-task={task.id}
                    data-late={task.late || undefined}
                    role="row"
                    style={{
                      position: 'absolute',
                      top: index * ROW,
                      left: 0,
                      right: 0,
                      height: ROW,
                      display: 'grid',
                      gridTemplateColumns: GRID,
                      alignItems: 'center',
                      columnGap: 8,
                      padding: '0 8px',
                      borderBottom: '1px solid #f5f5f5',
                      background: dragging?.task.id === task.id ? '#f0f0f0' : run ? RUN_TONES[run.tone] : undefined,
                      boxShadow: run ? `inset 4px 0 0 ${RUN_BARS[run.tone]}` : undefined,
                      color: task.late ? '#cf1322' : undefined,
                    }}
                  >
                    <span
                      className="mes-queue-handle"
                      aria-label={canMove ? '拖动调整顺序' : undefined}
                      title={canMove ? '拖动调整顺序，或拖到右侧的机台' : sortRefusal(task)}
                      style={{ cursor: canMove ? 'grab' : 'not-allowed', color: canMove ? '#595959' : '#d9d9d9', touchAction: 'none', paddingLeft: 4 }}
                      onPointerDown={(event) => {
                        if (!canMove || event.button !== 0) return;
                        event.preventDefault();
                        setDragging({ task, from: index, pointerId: event.pointerId, to: index, machine: null });
                      }}
                    >
                      <HolderOutlined />
                    </span>
                    <span>{index + 1}</span>
                    <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{task.orderNo}</span>
                    <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={`${task.customerName} / ${task.productName}`}>
                      {run?.first === index && (
                        <Tooltip title={`换型标识：${run.key}（同换型只需 ${task.setupMinutes} 分钟以内的准备）`}>
                          <Tag color={run.tone ? 'purple' : 'blue'} className="mes-setup-run" style={{ marginRight: 6 }}>
                            同换型 ×{run.last - run.first}
                          </Tag>
                        </Tooltip>
                      )}
                      {task.customerName} / {task.productName}
                    </span>
                    <span>{task.processName}</span>
                    <span style={{ textAlign: 'right' }}>{task.plannedQty}</span>
                    <span style={{ textAlign: 'right' }}>
                      {task.setupMinutes}/{task.runMinutes}
                    </span>
                    <span className="mes-queue-start">{time(task.plannedStart)}</span>
                    <span className="mes-queue-end">{time(task.plannedEnd)}</span>
                    <span>{shortDate(task.deliveryDate)}</span>
                    <span>{task.late ? <Tag color="red">延期</Tag> : task.issued ? <Tag color="blue">已下发</Tag> : OPERATION_STATUS.label(task.status)}</span>
                  </div>
                );
              })}
              {dragging && dragging.to !== null && (
                <div className="mes-queue-insert" style={{ position: 'absolute', left: 0, right: 0, top: dragging.to * ROW - 1, height: 3, background: '#1677ff', pointerEvents: 'none' }} />
              )}
            </div>
          </div>
        </div>
      </div>
      <div className="mes-queue-machines" style={{ width: 200, flex: 'none', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8, maxHeight: height + 36, overflowY: 'auto' }}>
        <div style={{ fontWeight: 500, marginBottom: 8 }}>拖到其他机台</div>
        {dropTargets.map((machine) => {
          const able = dragging ? accepts(machine, dragging.task) : true;
          const over = dragging?.machine?.id === machine.id;
          return (
            <div
              key={machine.id}
              ref={(element) => {
                if (element) targetsRef.current.set(machine.id, element);
                else targetsRef.current.delete(machine.id);
              }}
              className="mes-queue-machine"
              data-machine={machine.id}
              title={machine.processNames.join('、')}
              style={{
                padding: '6px 8px',
                marginBottom: 6,
                borderRadius: 4,
                border: `1px dashed ${over && able ? '#1677ff' : '#d9d9d9'}`,
                background: over ? (able ? '#e6f4ff' : '#fff1f0') : undefined,
                color: dragging && !able ? '#bfbfbf' : undefined,
              }}
            >
              {machine.name}
              <div style={{ fontSize: 12, color: '#8c8c8c' }}>{machine.taskCount} 个任务</div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
