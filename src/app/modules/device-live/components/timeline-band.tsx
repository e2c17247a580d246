import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { TimelineSegment } from '@core/contracts/device-status';
import { STATUS_COLORS, durationLabel, statusLabel } from './status-style';

/** A device's status over [from, to) as one coloured band (hover: status, times, reason). */
export function TimelineBand({ segments, from, to, now }: { segments: TimelineSegment[]; from: number; to: number; now: number }) {
  const end = Math.min(to, now);
  const span = to - from;
  const pieces = segments
    .map((segment) => ({ ...segment, left: Math.max(segment.start, from), right: Math.min(segment.end ?? end, end) }))
    .filter((piece) => piece.right > piece.left);
  const time = (ms: number) => dayjs(ms).format('MM-DD HH:mm');
  return (
    <div>
      <div className="mes-timeline-band" style={{ position: 'relative', height: 32, background: '#f5f5f5', borderRadius: 4, overflow: 'hidden' }}>
        {pieces.map((piece) => (
          <Tooltip
            key={piece.start}
            title={`${statusLabel(piece.status)}：${time(piece.start)} – ${piece.end === null ? '至今' : time(piece.end)}（${durationLabel((piece.end ?? now) - piece.start)}）${piece.reason ? `，${piece.reason}` : ''}`}
          >
            <div
              data-status={piece.status}
              style={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${((piece.left - from) / span) * 100}%`,
                width: `${Math.max(0.15, ((piece.right - piece.left) / span) * 100)}%`,
                background: STATUS_COLORS[piece.status],
              }}
            />
          </Tooltip>
        ))}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: '#8c8c8c', marginTop: 4 }}>
        <span>{time(from)}</span>
        <span>{time(to)}</span>
      </div>
    </div>
  );
}
