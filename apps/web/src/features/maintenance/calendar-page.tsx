import type { ForecastRow } from '@rumbo/contracts';
import type { EventClickArg } from '@fullcalendar/core';
import esLocale from '@fullcalendar/core/locales/es';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../shared/api/error-message';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { calendarEvents, todayIso } from './calendar-events';
import { ServiceDialog } from './components/service-dialog';
import { useFormatContext, useForecast } from './use-maintenance';
import { seededText } from '../../shared/i18n/seeded-text';

/** `maintenance/calendar`: due dates on a month or week calendar (FullCalendar); click: mark done. */
export default function CalendarPage() {
  const { t, language } = useFormatContext();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const forecast = useForecast('calendar');
  useVehicles(); // the mark-done dialog's plates load with the screen
  const [marking, setMarking] = useState<ForecastRow | null>(null);
  const events = useMemo(
    () =>
      calendarEvents(forecast.data ?? [], theme, todayIso(), (name) =>
        isPhone ? '' : seededText(t, name),
      ),
    [forecast.data, theme, t, isPhone],
  );
  const undated = (forecast.data ?? []).filter((r) => !r.dueDate).length;
  const border = theme.palette.divider;

  return (
    <Box data-testid="maint-calendar">
      <Typography variant="h1">{t('maintenance.calendar.title')}</Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('maintenance.calendar.subtitle')}
      </Typography>
      {forecast.isError && !forecast.data ? (
        <Paper variant="outlined" sx={{ p: 3 }} role="alert">
          <Typography sx={{ mb: 1 }}>{t('maintenance.common.load_failed')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {errorMessage(forecast.error, t)}
          </Typography>
          <Button variant="outlined" onClick={() => void forecast.refetch()}>
            {t('maintenance.common.retry')}
          </Button>
        </Paper>
      ) : !forecast.data ? (
        <Skeleton
          variant="rounded"
          height={480}
          aria-busy="true"
          aria-label={t('common.loading')}
        />
      ) : (
        <>
          {forecast.data.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
              <Typography color="text.secondary" data-testid="calendar-empty">
                {t('maintenance.calendar.empty')}
              </Typography>
            </Paper>
          ) : null}
          {undated > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('maintenance.calendar.undated', { count: undated })}
            </Typography>
          ) : null}
          <Paper
            variant="outlined"
            sx={{
              p: { xs: 1, sm: 2 },
              '--fc-border-color': border,
              '--fc-page-bg-color': theme.palette.background.paper,
              '--fc-neutral-bg-color': theme.palette.action.hover,
              '--fc-today-bg-color': alpha(theme.palette.primary.main, 0.12),
              '--fc-button-bg-color': theme.palette.primary.main,
              '--fc-button-border-color': theme.palette.primary.main,
              '--fc-button-hover-bg-color': theme.palette.primary.dark,
              '--fc-button-hover-border-color': theme.palette.primary.dark,
              '--fc-button-active-bg-color': theme.palette.primary.dark,
              '--fc-button-active-border-color': theme.palette.primary.dark,
              '--fc-button-text-color': theme.palette.primary.contrastText,
              '--fc-event-border-color': 'transparent',
              '--fc-list-event-hover-bg-color': theme.palette.action.hover,
              color: 'text.primary',
              '& .fc .fc-toolbar-title': { fontSize: { xs: '1.05rem', sm: '1.4rem' } },
              '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
              '& .fc .fc-button': { textTransform: 'none', fontSize: '0.85rem' },
              '& .fc a': { color: 'inherit' },
              // Entries wrap instead of being cut: on a phone a plate reads whole over two lines.
              '& .fc .fc-daygrid-event': {
                cursor: 'pointer',
                fontSize: { xs: '0.7rem', sm: '0.75rem' },
                whiteSpace: 'normal',
              },
              '& .fc .fc-daygrid-event .fc-event-title, & .fc .fc-daygrid-event .fc-event-main': {
                whiteSpace: 'normal',
                overflowWrap: 'anywhere',
                lineHeight: 1.2,
              },
              '& .fc .fc-col-header-cell': { backgroundColor: theme.palette.action.hover },
            }}
          >
            <FullCalendar
              plugins={[dayGridPlugin, interactionPlugin]}
              initialView="dayGridMonth"
              locales={[esLocale]}
              locale={language === 'es' ? 'es' : 'en'}
              firstDay={1}
              height="auto"
              dayMaxEvents={isPhone ? 2 : 4}
              headerToolbar={{
                left: 'prev,next today',
                center: 'title',
                right: 'dayGridMonth,dayGridWeek',
              }}
              buttonText={{
                today: t('maintenance.calendar.today'),
                month: t('maintenance.calendar.month'),
                week: t('maintenance.calendar.week'),
              }}
              events={events}
              eventClick={(arg: EventClickArg) => {
                const row = arg.event.extendedProps['row'] as ForecastRow | undefined;
                if (row) setMarking(row);
              }}
            />
          </Paper>
        </>
      )}
      {marking ? (
        <ServiceDialog forecast={forecast.data} preset={marking} onClose={() => setMarking(null)} />
      ) : null}
    </Box>
  );
}
