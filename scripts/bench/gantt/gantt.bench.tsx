// Bench page of `npm run bench` section "gantt" (built for production by scripts/bench/gantt-drag.mjs):
// the schedule Gantt inside a module element with `?tasks` generated tasks on `?machines` machines
// over 14 days at week zoom (every day on screen). It records the paint time of every frame in
// `window.ganttFrames` and the time between animation frames in `window.frameGaps` (both cleared by
// `window.resetFrames()`), and sets `document.body.dataset.ready` once the first frame is painted.
import { useState } from 'react';
import { GanttChart } from '@app/modules/schedule/gantt/gantt-chart';
import { mountFixture } from '../../../tests/browser/components/support/fixture';
import { generateRows } from '../../../tests/browser/schedule/gantt-data';

const params = new URLSearchParams(location.search);
const tasks = Number(params.get('tasks') ?? 10_000);
const machines = Number(params.get('machines') ?? 40);
const origin = new Date(2026, 11, 1).getTime();
const days = 14;
const rows = generateRows({ machines, tasks, days, origin });

declare global {
  interface Window {
    ganttFrames: number[];
    frameGaps: number[];
    resetFrames: () => void;
    ganttBars: number;
    handlerMs: number[];
    /** Bars of the rows on screen, and the screen point of a row's task's middle. */
    barsOnScreen: () => number;
    barPoint: (row: number, task: number) => [number, number];
    /** The same rows as an echarts custom series: first render and drag-like updates (ms). */
    echartsFigures: () => Promise<{ firstMs: number; updateMs: number[] }>;
  }
}
window.ganttFrames = [];
window.frameGaps = [];
window.resetFrames = () => {
  window.ganttFrames = [];
  window.frameGaps = [];
  window.handlerMs = [];
};
window.handlerMs = [];
// Capture on window runs before the chart's own pointer handler and bubble after it.
let moveStarted = 0;
window.addEventListener('pointermove', () => (moveStarted = performance.now()), true);
window.addEventListener('pointermove', () => window.handlerMs.push(performance.now() - moveStarted));
let lastFrame = performance.now();
const tick = (now: number) => {
  window.frameGaps.push(now - lastFrame);
  lastFrame = now;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);

function Bench() {
  const [current, setCurrent] = useState(rows);
  return (
    <GanttChart
      rows={current}
      range={[origin, origin + days * 86_400_000]}
      zoom="week"
      height={Number(params.get('height') ?? 820)}
      floor={origin}
      onFrame={(ms) => window.ganttFrames.push(ms)}
      onMove={(move) => {
        // Stands in for the server: the moved task leaves its row and goes last on the target row.
        setCurrent((before) =>
          before.map((row) => {
            const kept = row.tasks.filter((task) => task.id !== move.task.id);
            if (row.id !== move.toRow.id) return kept.length === row.tasks.length ? row : { ...row, tasks: kept };
            const start = kept.at(-1)?.end ?? origin;
            return { ...row, tasks: [...kept, { ...move.task, start, end: start + move.task.end - move.task.start }] };
          }),
        );
      }}
    />
  );
}

window.echartsFigures = async () => (await import('./echarts-custom')).measureEcharts(rows, [origin, origin + days * 86_400_000], 820, 20);
const root = await mountFixture(() => <Bench />);
const scroller = () => root.querySelector<HTMLElement>('.mes-gantt-scroller')!;
window.barsOnScreen = () => {
  const box = scroller();
  const first = Math.floor(box.scrollTop / 28);
  const last = Math.ceil((box.scrollTop + box.clientHeight) / 28);
  return rows.slice(first, last).reduce((sum, row) => sum + row.tasks.length, 0);
};
window.barPoint = (row, index) => {
  const box = scroller().getBoundingClientRect();
  const task = rows[row]!.tasks[index]!;
  const pxPerMs = 2.5 / 3_600_000;
  return [box.left + ((task.start + task.end) / 2 - origin) * pxPerMs - scroller().scrollLeft, box.top + row * 28 + 14 - scroller().scrollTop];
};
const started = performance.now();
while (window.ganttFrames.length === 0 && performance.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 20));
window.ganttBars = rows.reduce((sum, row) => sum + row.tasks.length, 0);
document.body.dataset.ready = '1';
