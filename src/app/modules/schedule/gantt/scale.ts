import { dayjs } from '@core/format';

/** The Gantt's zoom levels: what one screen of ~1,200 px shows (15 h, 5 days, 3 weeks). */
export type GanttZoom = 'hour' | 'day' | 'week';

export const ZOOM_LABELS: Record<GanttZoom, string> = { hour: '小时', day: '天', week: '周' };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Pixels per hour at each zoom. */
export const PX_PER_HOUR: Record<GanttZoom, number> = { hour: 80, day: 10, week: 2.5 };

export interface Tick {
  time: number;
  x: number;
  label: string;
}

/**
 * Time ↔ x on the Gantt: x = 0 at `origin` (ms), `pxPerHour` pixels per hour. Pure and exact:
 * `time(x(t)) === t` up to floating point, and the ticks fall on local hours and midnights.
 */
export class TimeScale {
  readonly pxPerMs: number;

  constructor(
    readonly origin: number,
    readonly pxPerHour: number,
  ) {
    this.pxPerMs = pxPerHour / HOUR;
  }

  static of(origin: number, zoom: GanttZoom): TimeScale {
    return new TimeScale(origin, PX_PER_HOUR[zoom]);
  }

  x(time: number): number {
    return (time - this.origin) * this.pxPerMs;
  }

  time(x: number): number {
    return this.origin + x / this.pxPerMs;
  }

  /** Width in pixels of a span of milliseconds. */
  width(ms: number): number {
    return ms * this.pxPerMs;
  }

  /** The same origin at another zoom, keeping the time under `anchorX` (screen x of the viewport) in place. */
  zoomed(zoom: GanttZoom, scrollLeft: number, anchorX: number): { scale: TimeScale; scrollLeft: number } {
    const anchorTime = this.time(scrollLeft + anchorX);
    const scale = TimeScale.of(this.origin, zoom);
    return { scale, scrollLeft: Math.max(0, scale.x(anchorTime) - anchorX) };
  }

  /**
   * Header ticks between `from` and `to` (ms): `major` at local midnights (days; Mondays at week
   * zoom), `minor` at local hours (every hour at hour zoom, every 6 h at day zoom, every day at week zoom).
   */
  ticks(from: number, to: number): { major: Tick[]; minor: Tick[] } {
    const weekly = this.pxPerHour * 24 < 80;
    const minorStep = this.pxPerHour >= 40 ? 1 : this.pxPerHour >= 5 ? 6 : 24;
    const major: Tick[] = [];
    const minor: Tick[] = [];
    let day = dayjs(from).startOf('day');
    while (day.valueOf() <= to) {
      const time = day.valueOf();
      if (!weekly || day.day() === 1) {
        major.push({ time, x: this.x(time), label: weekly ? day.format('MM-DD') : day.format('MM-DD ddd') });
      }
      if (minorStep === 24) {
        if (time >= from) minor.push({ time, x: this.x(time), label: day.format('D') });
      } else {
        for (let hour = 0; hour < 24; hour += minorStep) {
          const at = day.add(hour, 'hour').valueOf();
          if (at >= from && at <= to) minor.push({ time: at, x: this.x(at), label: day.add(hour, 'hour').format('HH:mm') });
        }
      }
      day = day.add(1, 'day');
    }
    return { major: major.filter((tick) => tick.time >= from - 7 * DAY), minor };
  }
}
