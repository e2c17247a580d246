// Generated Gantt rows for the browser tests and the Gantt bench page: machines on two shifts
// (08:00–20:00 and 20:30–07:30, so 20:00–20:30 and 07:30–08:00 are off shift), queues of tasks of
// random length back to back with some idle gaps, a few late ones. Seeded: the same call gives the same rows.
import type { GanttRow } from '@app/modules/schedule/gantt/layout';
import type { Span } from '@app/modules/schedule/gantt/preview';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PALETTE = ['#1677ff', '#13c2c2', '#52c41a', '#722ed1', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'];

function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

/** The off-shift spans of `days` days from `origin` (a local midnight). */
export function twoShiftOff(origin: number, days: number): Span[] {
  const spans: Span[] = [];
  for (let day = 0; day < days; day++) {
    const midnight = origin + day * DAY;
    spans.push([midnight + 7.5 * HOUR, midnight + 8 * HOUR], [midnight + 20 * HOUR, midnight + 20.5 * HOUR]);
  }
  return spans;
}

export interface GeneratedTask {
  order: string;
  machine: string;
}

export function generateRows(options: { machines: number; tasks: number; days: number; origin: number; seed?: number }): GanttRow<GeneratedTask>[] {
  const next = random(options.seed ?? 7);
  const perMachine = Math.ceil(options.tasks / options.machines);
  const span = options.days * DAY;
  const off = twoShiftOff(options.origin, options.days);
  const rows: GanttRow<GeneratedTask>[] = [];
  let made = 0;
  for (let machine = 0; machine < options.machines; machine++) {
    const id = `M${machine + 1}`;
    const tasks: GanttRow<GeneratedTask>['tasks'] = [];
    const average = span / perMachine;
    let time = options.origin + 8 * HOUR;
    for (let index = 0; index < perMachine && made < options.tasks; index++) {
      const length = Math.max(10 * MINUTE, Math.round((average * (0.5 + next() * 0.8)) / MINUTE) * MINUTE);
      if (next() < 0.08) time += Math.round((average * next()) / MINUTE) * MINUTE;
      const start = time;
      const end = start + length;
      const order = `SO-${1000 + Math.floor(next() * options.tasks)}`;
      tasks.push({
        id: `${id}-${index}`,
        start,
        end,
        setupMs: Math.min(length / 3, 20 * MINUTE),
        color: PALETTE[Number(order.slice(3)) % PALETTE.length]!,
        late: next() < 0.05,
        label: order,
        data: { order, machine: id },
      });
      time = end;
      made += 1;
    }
    rows.push({ id, label: `印刷开槽机${machine + 1}号`, tasks, offShift: off });
  }
  return rows;
}
