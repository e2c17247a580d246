import type { ReactNode } from 'react';
import { SCHEDULE_CSS } from '../tasks.list';

/** Every schedule page's outer box: its class (tests and styles find it by name) and the module's styles. */
export function ScheduleFrame({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className={`mes-schedule mes-schedule-${name}`}>
      <style>{SCHEDULE_CSS}</style>
      {children}
    </div>
  );
}
