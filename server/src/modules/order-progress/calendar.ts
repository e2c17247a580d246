import { formatDate } from '../../lib/datetime';

/** Monday and Sunday (yyyy-mm-dd) of the week that holds `date`. */
export function weekOf(date: Date): { weekStart: string; weekEnd: string } {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate() - ((date.getDay() + 6) % 7));
  const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
  return { weekStart: formatDate(monday), weekEnd: formatDate(sunday) };
}
