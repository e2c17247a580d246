import type { BoardRunView } from '@core/contracts/paperboard';

const LANE_COLORS = ['#91caff', '#b7eb8f', '#ffd591'];
const TRIM_COLOR = '#ff7875';

/**
 * The web across the corrugator for one run, to scale: each out of each lane as a box (order
 * colour, width in mm), the side trim split on both edges in red. `widest` sets the scale so runs of
 * one schedule compare at a glance.
 */
export function WebDrawing({ run, widest, width = 360, height = 34 }: { run: BoardRunView; widest: number; width?: number; height?: number }) {
  const scale = width / Math.max(widest, run.rollWidthMm, 1);
  const roll = run.rollWidthMm * scale;
  const edge = (run.trimMm / 2) * scale;
  const boxes: Array<{ x: number; w: number; lane: number; label: string }> = [];
  let x = edge;
  run.lanes.forEach((lane, index) => {
    for (let out = 0; out < lane.outs; out += 1) {
      boxes.push({ x, w: lane.widthMm * scale, lane: index, label: String(lane.widthMm) });
      x += lane.widthMm * scale;
    }
  });
  return (
    <svg
      className="mes-web-drawing"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`门幅 ${run.rollWidthMm}mm：${run.lanes.map((lane) => `${lane.widthMm}mm×${lane.outs}`).join(' + ')}，修边 ${run.trimMm}mm`}
    >
      <rect x={0} y={0} width={roll} height={height} fill={TRIM_COLOR} opacity={0.85} data-part="trim" />
      {boxes.map((box, index) => (
        <g key={index} data-part="lane" data-lane={box.lane}>
          <rect x={box.x} y={1} width={Math.max(box.w - 1, 1)} height={height - 2} fill={LANE_COLORS[box.lane % LANE_COLORS.length]} stroke="#595959" strokeWidth={0.5} />
          {box.w > 26 && (
            <text x={box.x + box.w / 2} y={height / 2 + 4} fontSize={10} textAnchor="middle" fill="#262626">
              {box.label}
            </text>
          )}
        </g>
      ))}
      <rect x={0} y={0} width={roll} height={height} fill="none" stroke="#262626" strokeWidth={1} />
    </svg>
  );
}
