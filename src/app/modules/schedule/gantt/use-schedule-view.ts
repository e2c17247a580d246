import { useEffect, useMemo, useState } from 'react';
import type { ScheduleTask, ScheduleView, SortResult } from '@core/contracts/schedule';
import { DATE_TIME_FORMAT, dayjs, type DateRange } from '@core/format';
import { ganttApi } from './gantt.api';
import { withChanged } from './model';

/** The default span of the views: yesterday and the next 13 days. */
export function defaultRange(): DateRange {
  const today = dayjs().startOf('day');
  return [today.subtract(1, 'day'), today.add(13, 'day').endOf('day')];
}

/** The longest span schedule_view/list answers (days). */
export const MAX_VIEW_DAYS = 62;

export interface ScheduleViewState {
  view: ScheduleView | null;
  loading: boolean;
  /** The range in ms (start of the first day, end of the last). */
  span: readonly [number, number];
  reload: () => void;
  /** When the view arrived (ms): the chart's now line and the earliest a moved task may start. */
  loadedAt: number;
  /** Puts a sort's changed tasks into the view (new times, machines and places). */
  apply: (result: SortResult) => void;
}

/** schedule_view/list over whole days of `range`, kept up to date with the results of moves. */
export function useScheduleView(range: DateRange): ScheduleViewState {
  const start = range[0].startOf('day');
  const end = range[1].endOf('day');
  const startText = start.format(DATE_TIME_FORMAT);
  const endText = end.format(DATE_TIME_FORMAT);
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ key: string; view: ScheduleView | null; at: number }>({ key: '', view: null, at: 0 });
  const key = `${startText}|${endText}|${version}`;
  useEffect(() => {
    let live = true;
    ganttApi.view(startText, endText).then(
      (view) => live && setState({ key, view, at: Date.now() }),
      () => live && setState({ key, view: null, at: Date.now() }),
    );
    return () => {
      live = false;
    };
  }, [key, startText, endText]);
  const startMs = start.valueOf();
  const endMs = end.valueOf() + 1;
  const apply = (result: SortResult) =>
    setState((current) => (current.view ? { ...current, view: { ...current.view, tasks: withChanged(current.view.tasks, result.changed, startMs, endMs) } } : current));
  const reload = () => setVersion((value) => value + 1);
  const span = useMemo(() => [startMs, endMs] as const, [startMs, endMs]);
  return { view: state.view, loading: state.key !== key, span, reload, apply, loadedAt: state.at };
}

/** Tasks of one order in operation order. */
export const orderTasks = (tasks: readonly ScheduleTask[], orderNo: string): ScheduleTask[] =>
  tasks.filter((task) => task.orderNo === orderNo).sort((a, b) => a.seq - b.seq);
