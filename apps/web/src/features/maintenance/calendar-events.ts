import type { ForecastRow } from '@rumbo/contracts';
import type { EventInput } from '@fullcalendar/core';
import { alpha, type Theme } from '@mui/material/styles';
import { STATUS_COLOR } from './components/status-chip';

/** Today, UTC, `yyyy-MM-dd`. */
export const todayIso = () => new Date().toISOString().slice(0, 10);

/** Calendar events of the forecast: each dated row on its day; overdue ones on today. */
export function calendarEvents(
  rows: readonly ForecastRow[],
  theme: Theme,
  today: string,
  /**
   * The item's name as shown (seeded names in the user's language); empty for the plate alone (a
   * phone's day cells are too narrow for a name: the entry opens the dialog that names it).
   */
  label: (name: string) => string = (name) => name,
): EventInput[] {
  return rows.flatMap((r) => {
    if (!r.dueDate) return [];
    const color = theme.palette[STATUS_COLOR[r.status]].main;
    const name = label(r.name);
    return [
      {
        id: r.key,
        title: name ? `${r.plate} · ${name}` : r.plate,
        start: r.status === 'overdue' && r.dueDate < today ? today : r.dueDate,
        allDay: true,
        backgroundColor: r.status === 'ok' ? alpha(color, 0.15) : color,
        borderColor: color,
        textColor:
          r.status === 'ok' ? theme.palette.text.primary : theme.palette.getContrastText(color),
        classNames: [`maint-event-${r.status}`],
        extendedProps: { row: r },
      },
    ];
  });
}
