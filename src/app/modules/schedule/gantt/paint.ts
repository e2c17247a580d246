import { BAR_PADDING, MIN_BAR_PX, tasksInRange, type GanttRow, type GanttTask } from './layout';
import type { Span } from './preview';
import type { TimeScale, Tick } from './scale';

export const LATE_COLOR = '#f5222d';
const ROW_STRIPE = '#fafafa';
const OFF_SHIFT = 'rgba(0, 0, 0, 0.06)';
const HOLIDAY = 'rgba(250, 173, 20, 0.16)';
const GRID = '#f0f0f0';
const GRID_MAJOR = '#d9d9d9';
const NOW = '#fa541c';
const LABEL_MIN_PX = 36;

export interface Viewport {
  /** Content x and y of the canvas's top-left corner. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What a drag adds to a frame: the moving bar's ghost and the preview times of the queues it changes. */
export interface DragFrame {
  taskId: string;
  ghost: { row: number; start: number; end: number };
  /** Preview times by task id (only tasks whose times change), and the row each is on. */
  moved: ReadonlyMap<string, { row: number; start: number; end: number }>;
  /** The row under the pointer cannot take the task: the ghost is drawn red. */
  refused: boolean;
}

export interface FrameInput<T> {
  rows: readonly GanttRow<T>[];
  first: number;
  last: number;
  rowHeight: number;
  scale: TimeScale;
  view: Viewport;
  ticks: Tick[];
  majorTicks: Tick[];
  holidays: readonly Span[];
  now: number | null;
  hoverId: string | null;
  highlight: ReadonlySet<string> | null;
  drag: DragFrame | null;
  /** Every task by id (the drag's ghost and preview bars look theirs up). */
  byId: ReadonlyMap<string, GanttTask<T>>;
}

/** Sizes a canvas's backing store to its CSS box at the device pixel ratio; returns the 2D context drawn in CSS pixels. */
export function fitCanvas(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
  }
  const context = canvas.getContext('2d');
  context?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}

function bar<T>(context: CanvasRenderingContext2D, input: FrameInput<T>, task: GanttTask<T>, row: number, start: number, end: number, style: 'normal' | 'faded' | 'preview' | 'refused'): void {
  const { scale, view, rowHeight } = input;
  const x = scale.x(start) - view.left;
  const width = Math.max(MIN_BAR_PX, scale.width(end - start));
  const y = row * rowHeight - view.top + BAR_PADDING;
  const height = rowHeight - 2 * BAR_PADDING;
  if (x + width < 0 || x > view.width) return;
  const dimmed = style === 'faded' || (input.highlight !== null && !input.highlight.has(task.id));
  context.globalAlpha = dimmed ? 0.25 : style === 'normal' ? 1 : 0.85;
  context.fillStyle = task.color;
  context.fillRect(x, y, width, height);
  if (task.setupMs > 0 && width > 3) {
    context.fillStyle = 'rgba(0, 0, 0, 0.28)';
    context.fillRect(x, y, Math.min(width, scale.width(task.setupMs)), height);
  }
  if (task.late) {
    context.strokeStyle = LATE_COLOR;
    context.lineWidth = 2;
    context.strokeRect(x + 1, y + 1, width - 2, height - 2);
  }
  if (style === 'preview' || style === 'refused' || task.id === input.hoverId) {
    context.strokeStyle = style === 'preview' ? '#1677ff' : style === 'refused' ? LATE_COLOR : '#000';
    context.lineWidth = style === 'normal' ? 1 : 2;
    context.setLineDash(style === 'normal' ? [] : [4, 3]);
    context.strokeRect(x + 0.5, y + 0.5, width - 1, height - 1);
    context.setLineDash([]);
  }
  if (width >= LABEL_MIN_PX && task.label) {
    context.save();
    context.beginPath();
    context.rect(x + 3, y, width - 6, height);
    context.clip();
    context.fillStyle = '#fff';
    context.fillText(task.label, x + 4, y + height / 2);
    context.restore();
  }
  context.globalAlpha = 1;
}

/**
 * Paints one frame of the Gantt body: row stripes, off-shift and holiday shading, the hour/day grid,
 * the bars of the visible rows inside the visible time range (binary search per row), the drag's
 * ghost and preview, and the now line. Cost grows with what is on screen, not with the plan.
 */
export function paintBody<T>(context: CanvasRenderingContext2D, input: FrameInput<T>): void {
  const { rows, first, last, rowHeight, scale, view } = input;
  context.clearRect(0, 0, view.width, view.height);
  const from = scale.time(view.left);
  const to = scale.time(view.left + view.width);
  for (let row = first; row < last; row++) {
    const y = row * rowHeight - view.top;
    if (row % 2 === 1) {
      context.fillStyle = ROW_STRIPE;
      context.fillRect(0, y, view.width, rowHeight);
    }
    context.fillStyle = OFF_SHIFT;
    for (const span of tasksInRange(spansAsRanges(rows[row]!.offShift), from, to)) {
      const x = scale.x(span.start) - view.left;
      context.fillRect(x, y, scale.width(span.end - span.start), rowHeight);
    }
  }
  context.fillStyle = HOLIDAY;
  for (const [start, end] of input.holidays) {
    if (end <= from || start >= to) continue;
    context.fillRect(scale.x(start) - view.left, 0, scale.width(end - start), view.height);
  }
  context.lineWidth = 1;
  for (const [ticks, color] of [[input.ticks, GRID], [input.majorTicks, GRID_MAJOR]] as const) {
    context.strokeStyle = color;
    context.beginPath();
    for (const tick of ticks) {
      const x = Math.round(tick.x - view.left) + 0.5;
      context.moveTo(x, 0);
      context.lineTo(x, view.height);
    }
    context.stroke();
  }
  context.font = '12px sans-serif';
  context.textBaseline = 'middle';
  const drag = input.drag;
  for (let row = first; row < last; row++) {
    for (const task of tasksInRange(rows[row]!.tasks, from, to)) {
      if (drag && (task.id === drag.taskId || drag.moved.has(task.id))) {
        bar(context, input, task, row, task.start, task.end, 'faded');
        continue;
      }
      bar(context, input, task, row, task.start, task.end, 'normal');
    }
  }
  if (drag) {
    for (const [id, place] of drag.moved) {
      const task = input.byId.get(id);
      if (task && place.row >= first && place.row < last) bar(context, input, task, place.row, place.start, place.end, 'preview');
    }
    const moving = input.byId.get(drag.taskId);
    if (moving) bar(context, input, moving, drag.ghost.row, drag.ghost.start, drag.ghost.end, drag.refused ? 'refused' : 'preview');
  }
  if (input.now !== null && input.now >= from && input.now <= to) {
    const x = Math.round(scale.x(input.now) - view.left) + 0.5;
    context.strokeStyle = NOW;
    context.beginPath();
    context.moveTo(x, 0);
    context.lineTo(x, view.height);
    context.stroke();
  }
}

const rangeCache = new WeakMap<readonly Span[], { start: number; end: number }[]>();
function spansAsRanges(spans: readonly Span[] | undefined): { start: number; end: number }[] {
  if (!spans) return [];
  let ranges = rangeCache.get(spans);
  if (!ranges) {
    ranges = spans.map(([start, end]) => ({ start, end }));
    rangeCache.set(spans, ranges);
  }
  return ranges;
}

/** Paints the time header: day (or week) labels on top, hour (or day) labels below, with their lines. */
export function paintHeader(context: CanvasRenderingContext2D, width: number, height: number, left: number, major: Tick[], minor: Tick[]): void {
  context.clearRect(0, 0, width, height);
  context.fillStyle = '#fafafa';
  context.fillRect(0, 0, width, height);
  context.font = '12px sans-serif';
  context.textBaseline = 'middle';
  context.strokeStyle = GRID_MAJOR;
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(0, height / 2 + 0.5);
  context.lineTo(width, height / 2 + 0.5);
  context.moveTo(0, height - 0.5);
  context.lineTo(width, height - 0.5);
  for (const tick of major) {
    const x = Math.round(tick.x - left) + 0.5;
    context.moveTo(x, 0);
    context.lineTo(x, height);
  }
  context.stroke();
  context.fillStyle = '#262626';
  for (const tick of major) context.fillText(tick.label, Math.max(4, tick.x - left + 4), height / 4);
  context.fillStyle = '#8c8c8c';
  let lastRight = -Infinity;
  for (const tick of minor) {
    const x = tick.x - left + 3;
    if (x < lastRight) continue;
    context.fillText(tick.label, x, (height * 3) / 4);
    lastRight = x + context.measureText(tick.label).width + 6;
  }
}
