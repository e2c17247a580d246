// The schedule Gantt's pure pieces (time scale, row virtualisation, hit testing, drop slot, drag
// preview by the calculate-mode time rules, queue rules) and the chart itself in Chromium: it paints
// the bars where the scale says, shows a task's details on hover and reports a drag's target.
import { expect } from 'chai';
import { createElement } from 'react';
import { sendMouse } from '@web/test-runner-commands';
import { GanttChart, type GanttElement, type GanttMove } from '@app/modules/schedule/gantt/gantt-chart';
import { dropIndex, hitTest, ROW_HEIGHT, tasksInRange, visibleRows, type GanttRow, type GanttTask } from '@app/modules/schedule/gantt/layout';
import { addWorking, idleBounds, moveInQueue, nextWorking, replayQueue, workingBetween, type Span } from '@app/modules/schedule/gantt/preview';
import { PX_PER_HOUR, TimeScale } from '@app/modules/schedule/gantt/scale';
import { fixedHeadOf, reorder, setupRuns } from '@app/modules/schedule/gantt/queue';
import { ganttData, holidaySpans, offShiftSpans, previousEnds, withChanged } from '@app/modules/schedule/gantt/model';
import type { ScheduleTask } from '@core/contracts/schedule';
import { mountFixture, unmountFixtures, waitFor } from '../components/support/fixture';
import { generateRows } from './gantt-data';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const origin = new Date(2026, 11, 1).getTime(); // a local midnight

const task = (id: string, start: number, end: number, extra: Partial<GanttTask> = {}): GanttTask => ({ id, start, end, setupMs: 0, color: '#1677ff', late: false, label: id, data: null, ...extra });

describe('Gantt time scale', () => {
  it('maps time to x and back at each zoom', () => {
    for (const zoom of ['hour', 'day', 'week'] as const) {
      const scale = TimeScale.of(origin, zoom);
      expect(scale.x(origin)).to.equal(0);
      expect(scale.x(origin + 2 * HOUR)).to.be.closeTo(2 * PX_PER_HOUR[zoom], 1e-9);
      const time = origin + 3 * DAY + 17 * MIN;
      expect(scale.time(scale.x(time))).to.be.closeTo(time, 1e-3);
      expect(scale.width(HOUR)).to.be.closeTo(PX_PER_HOUR[zoom], 1e-9);
    }
  });

  it('puts the day ticks on local midnights and hour ticks on local hours, per zoom', () => {
    const hour = TimeScale.of(origin, 'hour').ticks(origin + 22 * HOUR, origin + 26 * HOUR);
    expect(hour.minor.map((tick) => tick.label)).to.deep.equal(['22:00', '23:00', '00:00', '01:00', '02:00']);
    expect(hour.major.map((tick) => new Date(tick.time).getHours())).to.deep.equal([0, 0]);
    expect(hour.major.at(-1)!.x).to.be.closeTo(24 * PX_PER_HOUR.hour, 1e-9);
    const day = TimeScale.of(origin, 'day').ticks(origin, origin + DAY);
    expect(day.minor.map((tick) => tick.label)).to.deep.equal(['00:00', '06:00', '12:00', '18:00', '00:00']);
    const week = TimeScale.of(origin, 'week').ticks(origin, origin + 14 * DAY);
    expect(week.minor).to.have.length(15);
    // Week zoom labels Mondays only: 2026-12-07 and 12-14.
    expect(week.major.map((tick) => tick.label)).to.deep.equal(['12-07', '12-14']);
  });

  it('keeps the time under the anchor in place when zooming', () => {
    const day = TimeScale.of(origin, 'day');
    const anchorTime = day.time(500 + 300);
    const { scale, scrollLeft } = day.zoomed('hour', 500, 300);
    expect(scale.time(scrollLeft + 300)).to.be.closeTo(anchorTime, 1e-3);
    expect(day.zoomed('week', 0, 300).scrollLeft).to.equal(0);
  });
});

describe('Gantt rows and hits', () => {
  it('virtualises rows: only those on screen plus the overscan', () => {
    expect(visibleRows(0, 280, 28, 1000, 2)).to.deep.equal({ first: 0, last: 12 });
    expect(visibleRows(28 * 500 + 10, 280, 28, 1000, 2)).to.deep.equal({ first: 498, last: 513 });
    expect(visibleRows(28 * 995, 280, 28, 1000, 2)).to.deep.equal({ first: 993, last: 1000 });
    expect(visibleRows(0, 280, 28, 0, 2)).to.deep.equal({ first: 0, last: 0 });
  });

  it('finds the tasks of a time range by binary search', () => {
    const tasks = Array.from({ length: 100 }, (_, index) => task(`t${index}`, origin + index * HOUR, origin + (index + 1) * HOUR));
    expect(tasksInRange(tasks, origin + 10.5 * HOUR, origin + 13 * HOUR).map((item) => item.id)).to.deep.equal(['t10', 't11', 't12']);
    expect(tasksInRange(tasks, origin - DAY, origin)).to.deep.equal([]);
    expect(tasksInRange(tasks, origin + 200 * HOUR, origin + 300 * HOUR)).to.deep.equal([]);
  });

  it('hits the bar under the pointer, a thin bar over its minimum width, nothing in the row padding', () => {
    const scale = TimeScale.of(origin, 'day'); // 10 px per hour
    const rows: GanttRow[] = [
      { id: 'a', label: 'A', tasks: [task('a1', origin, origin + 2 * HOUR), task('a2', origin + 2 * HOUR, origin + 5 * HOUR)] },
      { id: 'b', label: 'B', tasks: [task('b1', origin + 10 * HOUR, origin + 10 * HOUR + 3 * MIN)] },
    ];
    expect(hitTest(rows, scale, 5, 14)?.task.id).to.equal('a1');
    expect(hitTest(rows, scale, 25, 14)?.task.id).to.equal('a2');
    expect(hitTest(rows, scale, 25, 2), 'above the bar, in the padding').to.equal(null);
    expect(hitTest(rows, scale, 60, 14), 'after the last bar').to.equal(null);
    // b1 is 0.5 px wide: drawn 2 px wide and hit 2 px beside it.
    expect(hitTest(rows, scale, 101.5, ROW_HEIGHT + 14)?.task.id).to.equal('b1');
    expect(hitTest(rows, scale, 103.5, ROW_HEIGHT + 14)?.task.id).to.equal('b1');
    expect(hitTest(rows, scale, 106, ROW_HEIGHT + 14)).to.equal(null);
    expect(hitTest(rows, scale, 5, 3 * ROW_HEIGHT)).to.equal(null);
  });

  it('drops a task before the first task whose middle is later, not counting itself', () => {
    const tasks = [task('x', 0, 10), task('y', 10, 20), task('z', 20, 30)];
    expect(dropIndex(tasks, 0, 'm')).to.equal(0);
    expect(dropIndex(tasks, 12, 'm')).to.equal(1);
    expect(dropIndex(tasks, 29, 'm')).to.equal(3);
    expect(dropIndex(tasks, 29, 'y')).to.equal(2);
  });
});

describe('Gantt drag preview (calculate-mode time rules)', () => {
  // Off shift 12:00–13:00 and 18:00–next 08:00.
  const off: Span[] = [
    [origin + 12 * HOUR, origin + 13 * HOUR],
    [origin + 18 * HOUR, origin + DAY + 8 * HOUR],
  ];

  it('starts work in working time and pauses it over off-shift spans', () => {
    expect(nextWorking(off, origin + 12.5 * HOUR)).to.equal(origin + 13 * HOUR);
    expect(nextWorking(off, origin + 9 * HOUR)).to.equal(origin + 9 * HOUR);
    expect(addWorking(off, origin + 11 * HOUR, 2 * HOUR)).to.equal(origin + 14 * HOUR);
    expect(addWorking(off, origin + 17 * HOUR, 3 * HOUR)).to.equal(origin + DAY + 10 * HOUR);
    expect(workingBetween(off, origin + 11 * HOUR, origin + 14 * HOUR)).to.equal(2 * HOUR);
  });

  it('moving a task to the head pushes the later ones back by its working time, across a break', () => {
    const queue = [task('p', origin + 8 * HOUR, origin + 10 * HOUR), task('q', origin + 10 * HOUR, origin + 11 * HOUR), task('r', origin + 11 * HOUR, origin + 14 * HOUR)];
    const { queue: next, from } = moveInQueue(queue, queue[2]!, 0);
    expect(next.map((item) => item.id)).to.deep.equal(['r', 'p', 'q']);
    expect(from).to.equal(0);
    // r keeps its 2 working hours (11:00–14:00 less the 12:00–13:00 break).
    const placed = replayQueue(next, off, idleBounds(queue, off, origin + 8 * HOUR), from, origin + 8 * HOUR);
    // p ends as the break starts; q starts after it.
    expect(placed.map((item) => [item.id, (item.start - origin) / HOUR, (item.end - origin) / HOUR])).to.deep.equal([
      ['r', 8, 10],
      ['p', 10, 12],
      ['q', 13, 14],
    ]);
  });

  it('taking a task out pulls the later ones forward, but not before what they waited for', () => {
    // q waited idle from 10:00 to 11:00 (its order's previous operation), so it keeps 11:00.
    const queue = [task('p', origin + 8 * HOUR, origin + 10 * HOUR), task('q', origin + 11 * HOUR, origin + 11.5 * HOUR), task('r', origin + 11.5 * HOUR, origin + 14 * HOUR)];
    const bounds = idleBounds(queue, off, origin + 8 * HOUR);
    expect([...bounds.keys()]).to.deep.equal(['q']);
    const { queue: rest, from } = moveInQueue(queue, queue[0]!, null);
    const placed = replayQueue(rest, off, bounds, from, origin + 8 * HOUR);
    expect(placed.map((item) => [item.id, (item.start - origin) / HOUR, (item.end - origin) / HOUR])).to.deep.equal([
      ['q', 11, 11.5],
      ['r', 11.5, 14],
    ]);
    // A task that waited only for the break is not bound by it.
    expect(idleBounds([task('s', origin + 9 * HOUR, origin + 12 * HOUR), task('t', origin + 13 * HOUR, origin + 14 * HOUR)], off, origin + 9 * HOUR).size).to.equal(0);
  });

  it('shades off-shift time and whole days without work', () => {
    const windows: Span[] = [
      [origin + 8 * HOUR, origin + 20 * HOUR],
      [origin + 2 * DAY + 8 * HOUR, origin + 2 * DAY + 20 * HOUR],
    ];
    expect(offShiftSpans(windows, origin, origin + 3 * DAY).map(([a, b]) => [(a - origin) / HOUR, (b - origin) / HOUR])).to.deep.equal([
      [0, 8],
      [20, 56],
      [68, 72],
    ]);
    expect(holidaySpans([{ windows }], origin, origin + 3 * DAY)).to.deep.equal([[origin + DAY, origin + 2 * DAY]]);
  });
});

describe('Gantt rows from schedule_view/list', () => {
  const at = (hours: number) => {
    const date = new Date(origin + hours * HOUR);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:00`;
  };
  const scheduled = (id: number, orderId: number, seq: number, deviceId: number | null, from: number, to: number): ScheduleTask =>
    ({ id, orderId, orderNo: `SO-${orderId}`, seq, deviceId, plannedStart: at(from), plannedEnd: at(to), setupMinutes: 30, late: false, status: 1, processName: '印刷' }) as ScheduleTask;
  const machine = (id: number) => ({ id, name: `机台${id}`, deviceNo: `D${id}`, workshopName: '', processNames: ['印刷'], windows: [[at(8), at(20)]] as [string, string][], taskCount: 0, lateCount: 0 });

  it('puts each planned task on its machine row by start, with setup and off-shift time', () => {
    const tasks = [scheduled(2, 10, 1, 1, 12, 14), scheduled(1, 11, 1, 1, 9, 11), scheduled(3, 10, 2, 2, 15, 16), scheduled(4, 12, 1, null, 9, 10)];
    const data = ganttData({ machines: [machine(1), machine(2)], tasks }, origin, origin + DAY, 'order');
    expect(data.rows.map((row) => row.tasks.map((task) => task.id))).to.deep.equal([['1', '2'], ['3']]);
    expect(data.rows[0]!.tasks[1]!.setupMs).to.equal(30 * MIN);
    expect(data.rows[0]!.offShift).to.deep.equal([
      [origin, origin + 8 * HOUR],
      [origin + 20 * HOUR, origin + DAY],
    ]);
    // Operation 2 of order 10 may not start before operation 1 ends (14:00).
    expect(previousEnds(tasks).get('3')).to.equal(origin + 14 * HOUR);
    expect(previousEnds(tasks).has('2')).to.equal(false);
  });

  it('takes in the tasks a move changed and keeps only those in the range', () => {
    const tasks = [scheduled(1, 10, 1, 1, 9, 11), scheduled(2, 11, 1, 1, 12, 14)];
    const moved = [scheduled(2, 11, 1, 1, 30, 32), scheduled(5, 13, 1, 1, 10, 12), scheduled(1, 10, 1, 2, 8, 10)];
    const next = withChanged(tasks, moved, origin, origin + DAY);
    expect(next.map((task) => [task.id, task.deviceId])).to.deep.equal([
      [1, 2],
      [5, 1],
    ]);
  });
});

describe('machine queue rules', () => {
  it('groups back-to-back tasks with the same setup key into runs', () => {
    const runs = setupRuns(['a', 'a', 'b', '', '', 'c', 'c', 'c', 'a'].map((setupKey, id) => ({ id, setupKey })));
    expect([...runs.values()].map((run) => [run.key, run.first, run.last, run.tone])).to.deep.equal([
      ['a', 0, 2, 0],
      ['c', 5, 8, 1],
    ]);
  });

  it('reorders around the fixed head and reports no change as null', () => {
    const queue = ['F', 'a', 'b', 'c'];
    expect(fixedHeadOf(queue, (item) => item !== 'F')).to.equal(1);
    expect(reorder(queue, 3, 1, 1)).to.deep.equal(['F', 'c', 'a', 'b']);
    expect(reorder(queue, 1, 4, 1)).to.deep.equal(['F', 'b', 'c', 'a']);
    expect(reorder(queue, 3, 0, 1), 'never before the fixed head').to.deep.equal(['F', 'c', 'a', 'b']);
    expect(reorder(queue, 2, 2, 1)).to.equal(null);
    expect(reorder(queue, 2, 3, 1)).to.equal(null);
    expect(reorder(queue, 0, 3, 1), 'a fixed task does not move').to.equal(null);
  });
});

describe('GanttChart in Chromium', () => {
  afterEach(unmountFixtures);

  const rows = generateRows({ machines: 30, tasks: 3000, days: 7, origin, seed: 3 });

  async function mount(onMove: (move: GanttMove<unknown>) => void) {
    const root = await mountFixture(() =>
      createElement(GanttChart, {
        rows,
        range: [origin, origin + 7 * DAY] as const,
        zoom: 'day' as const,
        height: 400,
        floor: origin,
        tooltip: (item: GanttTask) => createElement('span', { className: 'tip' }, `任务 ${item.id}`),
        onMove,
      }),
    );
    const chart = await waitFor(() => root.querySelector<GanttElement>('.mes-gantt'), 'the chart');
    await waitFor(() => (root.querySelector<HTMLCanvasElement>('.mes-gantt-body')?.width ?? 0) > 1, 'the painted body');
    return { root, chart };
  }

  it('paints only the rows on screen, each bar where the scale puts it, and names the rows', async () => {
    const { root, chart } = await mount(() => {});
    const labels = root.querySelectorAll('.mes-gantt-row-label');
    expect(labels.length, 'row labels are virtualised').to.be.below(30);
    expect(labels[0]!.textContent).to.equal(rows[0]!.label);
    // A bar without a label or a late outline: its right part is plain colour.
    const target = rows[2]!.tasks.find((item) => !item.late && item.end - item.start > HOUR && item.end - item.start < 3 * HOUR && item.start > origin + DAY)!;
    const box = await waitFor(() => chart.barBox(target.id), 'the bar on screen');
    const canvas = root.querySelector<HTMLCanvasElement>('.mes-gantt-body')!;
    const colourAt = (x: number, y: number) => {
      const canvasBox = canvas.getBoundingClientRect();
      const ratio = canvas.width / canvasBox.width;
      const pixel = canvas.getContext('2d')!.getImageData(Math.round((x - canvasBox.left) * ratio), Math.round((y - canvasBox.top) * ratio), 1, 1).data;
      return `#${[...pixel.slice(0, 3)].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
    };
    // Painted on the next animation frame after mounting.
    await waitFor(() => colourAt(box.x + box.width - 4, box.y + box.height / 2) === target.color, `the bar painted in ${target.color}`).catch(() => {
      throw new Error(`the bar is painted ${colourAt(box.x + box.width - 4, box.y + box.height / 2)}, not ${target.color}`);
    });
    expect(chart.barBox(rows[29]!.tasks[0]!.id), 'a row below the screen is not drawn').to.equal(null);
  });

  it('shows the hovered task and reports where a dragged task is dropped', async () => {
    const moves: GanttMove<unknown>[] = [];
    const { root, chart } = await mount((move) => moves.push(move));
    const grabbed = rows[1]!.tasks[2]!;
    const box = await waitFor(() => chart.barBox(grabbed.id), 'the bar on screen');
    const at: [number, number] = [Math.round(box.x + Math.min(4, box.width / 2)), Math.round(box.y + box.height / 2)];
    await sendMouse({ type: 'move', position: at });
    const tip = await waitFor(() => root.querySelector('.mes-gantt-tooltip .tip'), 'the hover details');
    expect(tip.textContent).to.equal(`任务 ${grabbed.id}`);

    // Down on rows[1]'s third task, up in rows[3] just before its tenth task.
    const before = rows[3]!.tasks[9]!;
    const beforeBox = await waitFor(() => chart.barBox(before.id), 'the target bar');
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [at[0] + 10, at[1] + 10] });
    await sendMouse({ type: 'move', position: [Math.round(beforeBox.x + 1), Math.round(beforeBox.y + beforeBox.height / 2)] });
    await sendMouse({ type: 'up' });
    await waitFor(() => moves.length > 0, 'the move');
    expect(moves).to.have.length(1);
    expect(moves[0]!.task.id).to.equal(grabbed.id);
    expect(moves[0]!.fromRow.id).to.equal(rows[1]!.id);
    expect(moves[0]!.toRow.id).to.equal(rows[3]!.id);
    expect(moves[0]!.before?.id).to.equal(before.id);
    expect(moves[0]!.after?.id).to.equal(rows[3]!.tasks[8]!.id);
    expect(moves[0]!.index).to.equal(9);
  });
});
