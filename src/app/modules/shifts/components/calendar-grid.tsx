import { Tag } from 'antd';
import type { DeviceCalendarDay } from '@core/contracts/shifts';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];

const hours = (minutes: number) => `${Math.round((minutes / 60) * 10) / 10}小时`;

/** A month as a 7-column grid (Monday first): workday or rest, holiday, shifts and available time per day. */
export function CalendarGrid({ days }: { days: readonly DeviceCalendarDay[] }) {
  // weekday: 1 Monday … 7 Sunday (0 also taken as Sunday).
  const lead = days.length ? ((days[0]!.weekday || 7) - 1) : 0;
  return (
    <div className="mes-calendar-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 4 }}>
      {WEEKDAYS.map((name) => (
        <div key={name} style={{ textAlign: 'center', fontWeight: 600, padding: 4 }}>
          周{name}
        </div>
      ))}
      {Array.from({ length: lead }, (_, index) => (
        <div key={`lead-${index}`} />
      ))}
      {days.map((day) => (
        <div
          key={day.date}
          className="mes-calendar-day"
          data-date={day.date}
          data-workday={String(day.workday)}
          data-minutes={day.availableMinutes}
          style={{
            minHeight: 96,
            padding: 6,
            border: '1px solid #f0f0f0',
            borderRadius: 4,
            background: day.down ? '#fff1f0' : day.workday ? '#fff' : '#fafafa',
            fontSize: 12,
          }}
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 4 }}>
            <strong style={{ fontSize: 14 }}>{Number(day.date.slice(8))}</strong>
            {day.down ? <Tag color="red">停机</Tag> : <Tag color={day.workday ? 'blue' : 'default'}>{day.workday ? '班' : '休'}</Tag>}
          </div>
          {day.holiday && <div style={{ color: '#cf1322' }}>{day.holiday}</div>}
          {day.shifts.map((shift) => (
            <div key={`${shift.id}-${shift.start}`} className="mes-calendar-shift">
              {shift.name} {shift.start}–{shift.end}
              {shift.extra ? '（加班）' : ''}
            </div>
          ))}
          <div className="mes-calendar-minutes" style={{ color: '#595959', marginTop: 2 }}>
            可用 {day.availableMinutes} 分钟（{hours(day.availableMinutes)}）
          </div>
        </div>
      ))}
    </div>
  );
}
