import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { BAR_PADDING, dropIndex, hitTest, MIN_BAR_PX, ROW_HEIGHT, visibleRows, type GanttRow, type GanttTask } from './layout';
import { fitCanvas, paintBody, paintHeader, type DragFrame } from './paint';
import { idleBounds, moveInQueue, replayQueue, type Span } from './preview';
import { TimeScale, type GanttZoom } from './scale';

/** A finished drag: the task goes to `toRow`'s queue at `index` (among that queue's other tasks). */
export interface GanttMove<T> {
  task: GanttTask<T>;
  fromRow: GanttRow<T>;
  toRow: GanttRow<T>;
  index: number;
  /** The task it now follows and the one it now precedes in `toRow` (null at either end). */
  after: GanttTask<T> | null;
  before: GanttTask<T> | null;
}

export interface GanttChartProps<T> {
  rows: readonly GanttRow<T>[];
  /** The time span the chart scrolls over (ms). */
  range: readonly [number, number];
  zoom: GanttZoom;
  holidays?: readonly Span[];
  now?: number | null;
  /** Only these task ids drawn at full strength (the others faded), e.g. one order's operations. */
  highlight?: ReadonlySet<string> | null;
  /** Height of the body (rows) in px. */
  height?: number;
  labelWidth?: number;
  /** Scroll so that this time is at the left edge when the chart first shows (and when it changes). */
  scrollTo?: number | null;
  /** Scroll this task into view whenever it changes (e.g. an order searched for). */
  focusId?: string | null;
  tooltip?: (task: GanttTask<T>, row: GanttRow<T>) => ReactNode;
  rowLabel?: (row: GanttRow<T>) => ReactNode;
  canDrag?: (task: GanttTask<T>) => boolean;
  /** Whether the task may go to this row (e.g. the machine can run its process); a refused drop calls `onRefused`. */
  canDrop?: (task: GanttTask<T>, row: GanttRow<T>) => boolean;
  onRefused?: (task: GanttTask<T>, row: GanttRow<T>) => void;
  /** Earliest start the moving task may have wherever it goes (its order's previous operation). */
  notBefore?: (task: GanttTask<T>) => number | undefined;
  /** Nothing starts before this in the preview (the calculation's start). */
  floor?: number;
  onMove?: (move: GanttMove<T>) => Promise<unknown> | void;
  onTaskClick?: (task: GanttTask<T>, row: GanttRow<T>) => void;
  /** Called after every painted frame with the milliseconds the paint took (benchmarks). */
  onFrame?: (paintMs: number) => void;
}

/**
 * The chart's root element also answers where a bar is on screen (for assistive tools and the e2e
 * journeys, which cannot see into the canvas): `barBox(id)` in client pixels (null when the task is
 * not drawn on screen) and `reveal(id)` scrolls the task into view.
 */
export interface GanttElement extends HTMLDivElement {
  barBox(id: string): { x: number; y: number; width: number; height: number } | null;
  reveal(id: string): void;
}

const HEADER_HEIGHT = 44;
const DRAG_THRESHOLD_PX = 4;

interface DragState<T> {
  task: GanttTask<T>;
  fromRow: number;
  pointerId: number;
  startX: number;
  startY: number;
  /** ms between the pointer's time and the task's start when grabbed. */
  grab: number;
  active: boolean;
  /** The latest pointer position in content pixels. */
  x: number;
  y: number;
  frame: DragFrame | null;
  target: { row: number; index: number } | null;
  /** Dropped and waiting for the new rows: the preview stays on screen. */
  pending: boolean;
}

/**
 * The machine Gantt: one canvas for the body and one for the time header, a virtualised DOM column
 * of row labels, and a scroller that only provides the scroll bars. Each frame paints just the rows
 * and the time range on screen (see paint.ts), so the cost follows the screen, not the plan. Hover
 * shows `tooltip`; dragging a task previews the changed queues' times (preview.ts) and `onMove` is
 * called on drop; the preview stays until new `rows` arrive or `onMove` settles.
 */
export function GanttChart<T>(props: GanttChartProps<T>) {
  const { rows, range, zoom, height = 560, labelWidth = 168 } = props;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLCanvasElement>(null);
  const headerRef = useRef<HTMLCanvasElement>(null);
  const labelsRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [rowWindow, setRowWindow] = useState({ first: 0, last: 0 });
  const [hover, setHover] = useState<{ task: GanttTask<T>; row: number; x: number; y: number } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const scroll = useRef({ left: 0, top: 0 });
  const drag = useRef<DragState<T> | null>(null);
  const frameRequest = useRef(0);

  const scale = useMemo(() => TimeScale.of(range[0], zoom), [range, zoom]);
  const contentWidth = Math.ceil(scale.x(range[1]));
  const contentHeight = rows.length * ROW_HEIGHT;
  const byId = useMemo(() => {
    const map = new Map<string, GanttTask<T>>();
    for (const row of rows) for (const task of row.tasks) map.set(task.id, task);
    return map;
  }, [rows]);
  /** What the painter and the pointer handlers read: the latest render's values. */
  const latest = useRef({ props, scale, byId, size, hoverId: null as string | null });
  useLayoutEffect(() => {
    latest.current = { props, scale, byId, size, hoverId: hover?.task.id ?? null };
  });

  const paint = useCallback(() => {
    frameRequest.current = 0;
    const body = bodyRef.current;
    const header = headerRef.current;
    const { props: current, scale: currentScale, size: view, hoverId, byId: tasks } = latest.current;
    if (!body || !header || view.width === 0) return;
    const started = performance.now();
    const { left, top } = scroll.current;
    const from = currentScale.time(left);
    const to = currentScale.time(left + view.width);
    const { major, minor } = currentScale.ticks(from, to);
    const { first, last } = visibleRows(top, view.height, ROW_HEIGHT, current.rows.length, 1);
    const bodyContext = fitCanvas(body, view.width, view.height);
    if (bodyContext) {
      paintBody(bodyContext, {
        rows: current.rows,
        first,
        last,
        rowHeight: ROW_HEIGHT,
        scale: currentScale,
        view: { left, top, width: view.width, height: view.height },
        ticks: minor,
        majorTicks: major,
        holidays: current.holidays ?? [],
        now: current.now ?? null,
        hoverId,
        highlight: current.highlight ?? null,
        drag: drag.current?.frame ?? null,
        byId: tasks,
      });
    }
    const headerContext = fitCanvas(header, view.width, HEADER_HEIGHT);
    if (headerContext) paintHeader(headerContext, view.width, HEADER_HEIGHT, left, major, minor);
    current.onFrame?.(performance.now() - started);
  }, []);

  const schedule = useCallback(() => {
    if (!frameRequest.current) frameRequest.current = requestAnimationFrame(paint);
  }, [paint]);

  useEffect(() => () => cancelAnimationFrame(frameRequest.current), []);

  // The scroller's inner size (without scroll bars) is the canvas size.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return undefined;
    const measure = () => setSize({ width: scroller.clientWidth, height: scroller.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);

  // Zoom keeps the time in the middle of the screen where it was.
  const shownScale = useRef(scale);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const previous = shownScale.current;
    shownScale.current = scale;
    if (!scroller || previous === scale || previous.origin !== scale.origin) return;
    const anchor = scroller.clientWidth / 2;
    const next = previous.zoomed(zoom, scroller.scrollLeft, anchor);
    scroller.scrollLeft = next.scrollLeft;
    scroll.current.left = scroller.scrollLeft;
  }, [scale, zoom]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || props.scrollTo === null || props.scrollTo === undefined) return;
    scroller.scrollLeft = Math.max(0, scale.x(props.scrollTo));
    scroll.current.left = scroller.scrollLeft;
    // Only when asked for a new time, not on every zoom.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.scrollTo]);

  // New rows end a dropped drag's preview.
  useLayoutEffect(() => {
    if (drag.current?.pending) drag.current = null;
  }, [rows]);

  useLayoutEffect(() => {
    const next = visibleRows(scroll.current.top, size.height, ROW_HEIGHT, rows.length, 4);
    setRowWindow((previous) => (previous.first === next.first && previous.last === next.last ? previous : next));
  }, [size.height, rows.length]);

  // Every render (new rows, zoom, hover, size) repaints on the next frame.
  useLayoutEffect(() => {
    if (labelsRef.current) labelsRef.current.style.transform = `translateY(${-scroll.current.top}px)`;
    schedule();
  });

  const onScroll = () => {
    const scroller = scrollerRef.current!;
    scroll.current = { left: scroller.scrollLeft, top: scroller.scrollTop };
    if (labelsRef.current) labelsRef.current.style.transform = `translateY(${-scroller.scrollTop}px)`;
    const next = visibleRows(scroller.scrollTop, size.height, ROW_HEIGHT, rows.length, 4);
    if (next.first !== rowWindow.first || next.last !== rowWindow.last) setRowWindow(next);
    if (hover) setHover(null);
    schedule();
  };

  const contentPoint = (event: React.PointerEvent) => {
    const box = scrollerRef.current!.getBoundingClientRect();
    return { x: event.clientX - box.left + scroll.current.left, y: event.clientY - box.top + scroll.current.top, viewX: event.clientX - box.left, viewY: event.clientY - box.top };
  };

  /** Recomputes the drag's target and preview for the pointer's latest position. */
  const updateDrag = (state: DragState<T>) => {
    const current = latest.current.props;
    const row = Math.max(0, Math.min(current.rows.length - 1, Math.floor(state.y / ROW_HEIGHT)));
    const pointerTime = latest.current.scale.time(state.x);
    const target = current.rows[row]!;
    const index = dropIndex(target.tasks, pointerTime, state.task.id);
    if (state.target && state.target.row === row && state.target.index === index && state.frame) return;
    state.target = { row, index };
    const moved = new Map<string, { row: number; start: number; end: number }>();
    const floor = current.floor ?? -Infinity;
    const replay = (rowIndex: number, at: number | null) => {
      const queueRow = current.rows[rowIndex]!;
      const off = queueRow.offShift ?? [];
      const { queue, from } = moveInQueue(queueRow.tasks, state.task, at);
      const bounds = idleBounds(queueRow.tasks, off, floor);
      bounds.delete(state.task.id);
      const own = current.notBefore?.(state.task);
      if (own !== undefined) bounds.set(state.task.id, own);
      for (const placed of replayQueue(queue, off, bounds, from, floor)) {
        const original = latest.current.byId.get(placed.id);
        if (placed.id === state.task.id || !original || original.start !== placed.start || original.end !== placed.end) {
          moved.set(placed.id, { row: rowIndex, start: placed.start, end: placed.end });
        }
      }
    };
    if (row !== state.fromRow) replay(state.fromRow, null);
    replay(row, index);
    const ghost = moved.get(state.task.id) ?? { row, start: state.task.start, end: state.task.end };
    moved.delete(state.task.id);
    const refused = current.canDrop ? !current.canDrop(state.task, target) : false;
    state.frame = { taskId: state.task.id, ghost, moved: refused ? new Map() : moved, refused };
  };

  const onPointerDown = (event: React.PointerEvent) => {
    if (event.button !== 0 || drag.current?.pending) return;
    const point = contentPoint(event);
    if (point.viewX > size.width || point.viewY > size.height) return; // on a scroll bar
    const hit = hitTest(rows, scale, point.x, point.y);
    if (!hit) return;
    drag.current = {
      task: hit.task,
      fromRow: hit.row,
      pointerId: event.pointerId,
      startX: point.x,
      startY: point.y,
      grab: scale.time(point.x) - hit.task.start,
      active: false,
      x: point.x,
      y: point.y,
      frame: null,
      target: null,
      pending: false,
    };
  };

  const onPointerMove = (event: React.PointerEvent) => {
    const point = contentPoint(event);
    const state = drag.current;
    if (state && !state.pending && state.pointerId === event.pointerId) {
      state.x = point.x;
      state.y = point.y;
      const canDrag = props.onMove && (props.canDrag?.(state.task) ?? true);
      if (!state.active && canDrag && Math.hypot(point.x - state.startX, point.y - state.startY) > DRAG_THRESHOLD_PX) {
        state.active = true;
        scrollerRef.current?.setPointerCapture(event.pointerId);
        setHover(null);
      }
      if (state.active) {
        // Near an edge the chart scrolls on, so a task can be taken past the screen.
        const scroller = scrollerRef.current!;
        const edge = 32;
        const dx = point.viewX < edge ? -24 : point.viewX > size.width - edge ? 24 : 0;
        const dy = point.viewY < edge ? -ROW_HEIGHT / 2 : point.viewY > size.height - edge ? ROW_HEIGHT / 2 : 0;
        if (dx || dy) {
          scroller.scrollBy(dx, dy);
          scroll.current = { left: scroller.scrollLeft, top: scroller.scrollTop };
          state.x = point.x + dx;
          state.y = point.y + dy;
        }
        updateDrag(state);
        schedule();
        return;
      }
    }
    const hit = hitTest(rows, scale, point.x, point.y);
    if ((hit?.task.id ?? null) !== (hover?.task.id ?? null)) {
      setHover(hit ? { task: hit.task, row: hit.row, x: point.viewX, y: point.viewY } : null);
    }
  };

  const endDrag = (event: React.PointerEvent, cancelled: boolean) => {
    const state = drag.current;
    if (!state || state.pointerId !== event.pointerId || state.pending) return;
    if (!state.active) {
      drag.current = null;
      if (!cancelled) props.onTaskClick?.(state.task, rows[state.fromRow]!);
      return;
    }
    const target = state.target;
    const toRow = target ? rows[target.row] : undefined;
    if (cancelled || !target || !toRow || !props.onMove || state.frame?.refused) {
      drag.current = null;
      schedule();
      if (!cancelled && toRow && state.frame?.refused) props.onRefused?.(state.task, toRow);
      return;
    }
    const others = toRow.tasks.filter((task) => task.id !== state.task.id);
    if (target.row === state.fromRow && toRow.tasks.indexOf(state.task) === target.index) {
      drag.current = null;
      schedule();
      return;
    }
    state.pending = true;
    const result = props.onMove({
      task: state.task,
      fromRow: rows[state.fromRow]!,
      toRow,
      index: target.index,
      after: others[target.index - 1] ?? null,
      before: others[target.index] ?? null,
    });
    const settle = () => {
      if (drag.current === state) {
        drag.current = null;
        schedule();
      }
    };
    if (result && typeof result.then === 'function') result.then(settle, settle);
    else settle();
  };

  useLayoutEffect(() => {
    const root = rootRef.current as GanttElement | null;
    const scroller = scrollerRef.current;
    if (!root || !scroller) return;
    const place = (id: string) => {
      const { props: current, scale: currentScale } = latest.current;
      const row = current.rows.findIndex((candidate) => candidate.tasks.some((task) => task.id === id));
      const task = row < 0 ? undefined : current.rows[row]!.tasks.find((candidate) => candidate.id === id);
      return task ? { row, task, x: currentScale.x(task.start), width: Math.max(MIN_BAR_PX, currentScale.width(task.end - task.start)) } : null;
    };
    root.barBox = (id) => {
      const found = place(id);
      if (!found) return null;
      const box = scroller.getBoundingClientRect();
      const x = found.x - scroll.current.left;
      const y = found.row * ROW_HEIGHT - scroll.current.top + BAR_PADDING;
      if (x + found.width <= 0 || x >= scroller.clientWidth || y + ROW_HEIGHT <= 0 || y >= scroller.clientHeight) return null;
      const left = Math.max(0, x);
      const right = Math.min(scroller.clientWidth, x + found.width);
      return { x: box.left + left, y: box.top + y, width: right - left, height: ROW_HEIGHT - 2 * BAR_PADDING };
    };
    root.reveal = (id) => {
      const found = place(id);
      if (!found) return;
      scroller.scrollLeft = Math.max(0, found.x - scroller.clientWidth / 3);
      scroller.scrollTop = Math.max(0, found.row * ROW_HEIGHT - scroller.clientHeight / 3);
    };
  }, []);

  useLayoutEffect(() => {
    if (props.focusId) (rootRef.current as GanttElement | null)?.reveal(props.focusId);
  }, [props.focusId]);

  const hoverRow = hover ? rows[hover.row] : undefined;
  return (
    <div ref={rootRef} className="mes-gantt" style={{ display: 'grid', gridTemplateColumns: `${labelWidth}px 1fr`, border: '1px solid #f0f0f0', userSelect: 'none' }}>
      <div style={{ height: HEADER_HEIGHT, borderBottom: '1px solid #d9d9d9', borderRight: '1px solid #f0f0f0', background: '#fafafa', display: 'flex', alignItems: 'center', paddingLeft: 8, fontWeight: 500 }}>
        机台
      </div>
      <div style={{ height: HEADER_HEIGHT, overflow: 'hidden' }}>
        <canvas ref={headerRef} className="mes-gantt-header" />
      </div>
      <div style={{ position: 'relative', height, overflow: 'hidden', borderRight: '1px solid #f0f0f0' }}>
        <div ref={labelsRef} style={{ position: 'absolute', left: 0, right: 0, top: 0, height: contentHeight, }}>
          {rows.slice(rowWindow.first, rowWindow.last).map((row, offset) => (
            <div
              key={row.id}
              className="mes-gantt-row-label"
              data-row={row.id}
              style={{ position: 'absolute', top: (rowWindow.first + offset) * ROW_HEIGHT, height: ROW_HEIGHT, left: 0, right: 0, padding: '0 8px', display: 'flex', alignItems: 'center', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', background: (rowWindow.first + offset) % 2 ? '#fafafa' : undefined }}
            >
              {props.rowLabel ? props.rowLabel(row) : row.label}
            </div>
          ))}
        </div>
      </div>
      <div style={{ position: 'relative', height }}>
        <canvas ref={bodyRef} className="mes-gantt-body" style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none' }} />
        <div
          ref={scrollerRef}
          className="mes-gantt-scroller"
          style={{ position: 'absolute', inset: 0, overflow: 'auto', cursor: hover && props.onMove && (props.canDrag?.(hover.task) ?? true) ? 'grab' : 'default', touchAction: 'none' }}
          onScroll={onScroll}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event, false)}
          onPointerCancel={(event) => endDrag(event, true)}
          onPointerLeave={() => !drag.current?.active && setHover(null)}
        >
          <div style={{ width: contentWidth, height: contentHeight }} />
        </div>
        {hover && hoverRow && props.tooltip && (
          <div
            className="mes-gantt-tooltip"
            role="tooltip"
            style={{
              position: 'absolute',
              left: Math.min(hover.x + 14, Math.max(0, size.width - 280)),
              top: hover.y + 16 > height - 140 ? Math.max(0, hover.y - 150) : hover.y + 16,
              width: 264,
              pointerEvents: 'none',
              background: 'rgba(0, 0, 0, 0.82)',
              color: '#fff',
              borderRadius: 6,
              padding: '8px 10px',
              fontSize: 12,
              lineHeight: '20px',
              zIndex: 2,
            }}
          >
            {props.tooltip(hover.task, hoverRow)}
          </div>
        )}
      </div>
    </div>
  );
}
