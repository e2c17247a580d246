/**
 * The board sheet a box is cut from (纸板规格), from its FEFCO style, inner dimensions and flute.
 * `widthMm` runs across the corrugator (for a slotted box: flaps + height, the flute direction),
 * `lengthMm` along it (panels + glue flap). Every score adds an allowance for the board's thickness,
 * by flute unless the product sets its own. The planner may overwrite the result on the order.
 */

/** Allowance per score (mm) by flute: roughly the board's caliper. */
export const SCORE_ALLOWANCE_MM: Record<string, number> = { F: 1, E: 2, B: 3, C: 4, A: 5, BE: 5, BC: 7, AB: 8, AC: 9 };
const DEFAULT_ALLOWANCE_MM = 4;
/** Glue (or stitch) flap of a slotted box, mm. */
export const GLUE_FLAP_MM = 30;
/** The largest sheet a corrugator makes (mm); larger results are refused by the order form. */
export const MAX_SHEET_MM = 5000;

export interface BoxDimensions {
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

export interface SheetSize {
  widthMm: number;
  lengthMm: number;
  /** How it was computed, in Chinese, for the form's hint. */
  rule: string;
  /** The style has no rule of its own: computed as a 0201 and worth checking. */
  estimated: boolean;
}

/** Per-score allowance: the product's own when set, else the flute's. */
export function scoreAllowance(flute: string, own?: number | null): number {
  if (own !== undefined && own !== null) return own;
  return SCORE_ALLOWANCE_MM[flute.trim().toUpperCase()] ?? DEFAULT_ALLOWANCE_MM;
}

const slotted = (d: BoxDimensions, a: number, flapWidth: number, label: string, estimated = false): SheetSize => ({
  widthMm: Math.round(flapWidth + d.heightMm + 2 * a),
  lengthMm: Math.round(2 * (d.lengthMm + d.widthMm) + GLUE_FLAP_MM + 4 * a),
  rule: label,
  estimated,
});

/**
 * The sheet for `boxStyle` (FEFCO code such as 0201; '' for plain board): 02xx slotted boxes
 * (0200 half flaps, 0203 full overlap, others as 0201), 03xx telescope trays, 09xx inserts and
 * plain board (flat: length × width); any other style is estimated as a 0201.
 */
export function sheetSize(boxStyle: string, dims: BoxDimensions, flute: string, ownAllowance?: number | null): SheetSize {
  const style = boxStyle.trim();
  const a = scoreAllowance(flute, ownAllowance);
  if (style === '' || style.startsWith('09')) {
    return { widthMm: dims.widthMm, lengthMm: dims.lengthMm, rule: '平板：长×宽', estimated: false };
  }
  if (style === '0200') return slotted(dims, a, dims.widthMm / 2, '0200 半开槽箱：宽=宽/2+高+2×加放，长=2×(长+宽)+舌头+4×加放');
  if (style === '0203') return slotted(dims, a, 2 * dims.widthMm, '0203 全重叠箱：宽=2×宽+高+2×加放，长=2×(长+宽)+舌头+4×加放');
  if (style.startsWith('02')) return slotted(dims, a, dims.widthMm, `${style} 开槽箱：宽=宽+高+2×加放，长=2×(长+宽)+舌头+4×加放`);
  if (style.startsWith('03')) {
    return {
      widthMm: Math.round(dims.widthMm + 2 * dims.heightMm + 4 * a),
      lengthMm: Math.round(dims.lengthMm + 2 * dims.heightMm + 4 * a),
      rule: `${style} 套合箱（单件）：宽=宽+2×高+4×加放，长=长+2×高+4×加放`,
      estimated: false,
    };
  }
  return slotted(dims, a, dims.widthMm, `${style} 无专用公式，按0201估算，请核对`, true);
}
