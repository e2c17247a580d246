/**
 * Corrugator trim: the instance and plan of `/work/shared/formats/corrugator-trim.md`.
 * Widths and lengths in mm, quantities in sheets, `minRunLength` in metres, `tolerance` a fraction.
 */

export interface TrimOrder {
  id: string;
  /** Across the web, mm. */
  width: number;
  /** Along the web (the cut-off), mm. */
  length: number;
  /** Sheets ordered. */
  qty: number;
}

export interface TrimInstance {
  name: string;
  board: { flute: string; code: string };
  rollWidths: number[];
  minTrim: number;
  maxOuts: number;
  maxOrdersPerPattern: number;
  tolerance: number;
  /** Metres; 0 means no limit. */
  minRunLength: number;
  /** 0 means no limit. */
  maxRunsPerOrder: number;
  orders: TrimOrder[];
}

export interface TrimLane {
  orderId: string;
  outs: number;
  cuts: number;
}

export interface TrimRun {
  rollWidth: number;
  lanes: TrimLane[];
}

export interface TrimMetrics {
  trimArea_m2: number;
  paperArea_m2: number;
  trimPct: number;
  runs: number;
}

export interface TrimPlan {
  instance: string;
  runs: TrimRun[];
  metrics: TrimMetrics;
}

/** A refused instance: malformed, or an order no run can place. The CLI exits with code 2. */
export class TrimRefusal extends Error {
  readonly orderId?: string;

  constructor(message: string, orderId?: string) {
    super(message);
    this.name = 'TrimRefusal';
    this.orderId = orderId;
  }
}
