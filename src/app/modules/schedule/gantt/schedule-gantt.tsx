import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Input, Segmented, Space, Spin, Typography } from 'antd';
import { ScheduleAuthorities as A } from '@core/access/authorities/schedule';
import { ScheduleMessages, type ScheduleTask } from '@core/contracts/schedule';
import type { DateRange } from '@core/format';
import { useCan } from '@app/components';
import { GanttChart, type GanttMove } from './gantt-chart';
import { ganttApi } from './gantt.api';
import type { GanttTask } from './layout';
import { COLOR_MODES, ganttData, LATE_FILL, movable, ON_TIME_FILL, statusLegend, type ColorMode } from './model';
import { ZOOM_LABELS, type GanttZoom } from './scale';
import { TaskTooltip } from './task-details';
import { ViewRangePicker } from './range-picker';
import { defaultRange, useScheduleView } from './use-schedule-view';

const ZOOMS = (Object.keys(ZOOM_LABELS) as GanttZoom[]).map((value) => ({ value, label: ZOOM_LABELS[value] }));

function Legend({ mode }: { mode: ColorMode }) {
  const items =
    mode === 'status'
      ? statusLegend
      : mode === 'late'
        ? [
            { label: '延期', color: LATE_FILL },
            { label: '按期', color: ON_TIME_FILL },
          ]
        : [{ label: '同一订单同色', color: '#1677ff' }];
  const swatch = (color: string, extra?: React.CSSProperties) => <span style={{ display: 'inline-block', width: 12, height: 12, background: color, marginRight: 4, verticalAlign: -1, ...extra }} />;
  return (
    <Space size={12} wrap style={{ fontSize: 12, color: '#595959' }} className="mes-gantt-legend">
      {items.map((item) => (
        <span key={item.label}>
          {swatch(item.color)}
          {item.label}
        </span>
      ))}
      <span>{swatch('#fff', { border: `2px solid ${LATE_FILL}` })}延期任务</span>
      <span>{swatch('rgba(0,0,0,0.28)')}准备时间</span>
      <span>{swatch('rgba(0,0,0,0.08)')}非工作时间</span>
      <span>{swatch('rgba(250,173,20,0.3)')}节假日</span>
    </Space>
  );
}

export interface ScheduleGanttProps {
  /** Only these tasks at full strength (the order view); null: all. */
  highlight?: (task: ScheduleTask) => boolean;
  /** Only machines with a highlighted task (the order view). */
  onlyHighlightedMachines?: boolean;
  /** Above the chart, beside the range and zoom. */
  extra?: (tasks: readonly ScheduleTask[]) => ReactNode;
  /** Below the chart (the order view's operations). */
  below?: (tasks: readonly ScheduleTask[]) => ReactNode;
  height?: number;
}

/**
 * The Gantt of all machines over days (排产视图): range, zoom, colour mode and order search above the
 * chart; hover for details; drag a not-issued task to another place or machine (v3 manual_sort) —
 * the server recalculates the queues and the changed tasks are put into the chart.
 */
export function ScheduleGantt({ highlight, onlyHighlightedMachines, extra, below, height = 600 }: ScheduleGanttProps) {
  const { message } = App.useApp();
  const can = useCan();
  const navigate = useNavigate();
  const [range, setRange] = useState<DateRange>(defaultRange);
  const [zoom, setZoom] = useState<GanttZoom>('day');
  const [mode, setMode] = useState<ColorMode>('order');
  const [orderNo, setOrderNo] = useState('');
  const [lastMove, setLastMove] = useState<string | null>(null);
  const { view, loading, span, reload, apply, loadedAt } = useScheduleView(range);
  const data = useMemo(() => (view ? ganttData(view, span[0], span[1], mode) : null), [view, span, mode]);

  const marked = useMemo(() => {
    if (!data) return null;
    const test = highlight ?? (orderNo.trim() ? (task: ScheduleTask) => task.orderNo.includes(orderNo.trim()) : null);
    if (!test) return null;
    return new Set(data.tasks.filter(test).map((task) => String(task.id)));
  }, [data, highlight, orderNo]);

  const rows = useMemo(() => {
    if (!data) return [];
    if (!onlyHighlightedMachines || !marked) return data.rows;
    return data.rows.filter((row) => row.tasks.some((task) => marked.has(task.id)));
  }, [data, marked, onlyHighlightedMachines]);

  const machineById = useMemo(() => new Map((data?.machines ?? []).map((machine) => [String(machine.id), machine])), [data]);
  const mayMove = can(A.sort);

  const onMove = async (move: GanttMove<ScheduleTask>) => {
    const result = await ganttApi.moveTask(move.task.data.id, Number(move.toRow.id), move.before ? move.before.data.id : null);
    apply(result);
    setLastMove(`已调整「${move.task.data.orderNo} ${move.task.data.processName}」，重新计算了 ${result.changed.length} 个任务（${result.elapsedMs} 毫秒）`);
  };

  const [searched, setFocusId] = useState<string | null>(null);
  // The order view shows its order's first operation; the search its first match.
  const focusId = useMemo(() => {
    if (!highlight || !marked || !data) return searched;
    const first = data.rows.flatMap((row) => row.tasks.filter((task) => marked.has(task.id))).sort((a, b) => a.start - b.start)[0];
    return first?.id ?? null;
  }, [highlight, marked, data, searched]);
  const search = (value: string) => {
    setOrderNo(value);
    const first = data?.tasks.filter((task) => task.orderNo.includes(value.trim()) && task.plannedStart).sort((a, b) => a.plannedStart!.localeCompare(b.plannedStart!))[0];
    if (value.trim() && !first) message.info(`当前时间范围内没有订单号包含「${value.trim()}」的任务`);
    setFocusId(first ? String(first.id) : null);
  };

  const late = data ? data.tasks.filter((task) => task.late).length : 0;
  return (
    <div className="mes-schedule-gantt">
      <Space wrap style={{ marginBottom: 12 }}>
        <ViewRangePicker value={range} onChange={setRange} />
        <Segmented className="mes-gantt-zoom" options={ZOOMS} value={zoom} onChange={(value) => setZoom(value as GanttZoom)} />
        <Segmented className="mes-gantt-color" options={COLOR_MODES} value={mode} onChange={(value) => setMode(value as ColorMode)} />
        {!highlight && <Input.Search allowClear placeholder="订单号" style={{ width: 180 }} onSearch={search} />}
        <Button onClick={reload}>刷新</Button>
        {data && extra?.(data.tasks)}
      </Space>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8, gap: 12, flexWrap: 'wrap' }}>
        <Legend mode={mode} />
        <Typography.Text type="secondary" className="mes-gantt-summary">
          {data ? `${rows.length} 台机台 · ${data.tasks.length} 个任务${late ? ` · 延期 ${late}` : ''}` : ''}
          {lastMove ? ` · ${lastMove}` : ''}
        </Typography.Text>
      </div>
      <Spin spinning={loading}>
        <GanttChart<ScheduleTask>
          rows={rows}
          range={span}
          zoom={zoom}
          height={height}
          holidays={data?.holidays ?? []}
          now={loadedAt || null}
          highlight={marked}
          focusId={focusId}
          floor={loadedAt}
          tooltip={(task) => <TaskTooltip task={task.data} />}
          rowLabel={(row) => (
            <Typography.Link title={`打开「${row.label}」的机台排程`} onClick={() => navigate(`/machine-schedule?deviceId=${row.id}`)} ellipsis>
              {row.label}
            </Typography.Link>
          )}
          canDrag={(task: GanttTask<ScheduleTask>) => mayMove && movable(task.data)}
          canDrop={(task, row) => machineById.get(row.id)?.processNames.includes(task.data.processName) ?? false}
          onRefused={(task, row) => message.warning(ScheduleMessages.deviceCannotRun(row.label, task.data.processName))}
          notBefore={(task) => data?.previousEnd.get(task.id)}
          onMove={mayMove ? onMove : undefined}
        />
      </Spin>
      {data && below?.(data.tasks)}
    </div>
  );
}
