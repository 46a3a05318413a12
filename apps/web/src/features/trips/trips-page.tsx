import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_UNITS, type PlannedTrip } from '@rumbo/contracts';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../shared/api/error-message';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices, useSession } from '../../shared/services';
import { useResponsiveMode } from '../../shared/ui/use-responsive-mode';
import { TripChips } from './trip-chips';
import { TripDetailDialog } from './trip-detail';
import { TripEditorDialog } from './trip-editor';
import { TripImportDialog } from './trip-import-dialog';
import {
  dateTime,
  dateTimeShort,
  delayText,
  remainingText,
  tripsExcel,
  type TripFormat,
} from './trip-rows';
import { usePlannedTrips } from './trips-api';

const DAY_MS = 86_400_000;

/** A planned time over the actual one (or the ETA). */
function PlanActual(props: {
  f: TripFormat;
  planned: string;
  actual: string | null;
  actualLabel: string;
}) {
  return (
    <>
      {dateTimeShort(props.f, props.planned)}
      <Typography variant="body2" color="text.secondary">
        {props.actual ? `${props.actualLabel}: ${dateTimeShort(props.f, props.actual)}` : '—'}
      </Typography>
    </>
  );
}

/** `trip/travels`: planned trips with their follow-up; create, edit, import, export. */
export default function TripsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const config = useSession((s) => s.user?.config);
  const f: TripFormat = useMemo(
    () => ({ t, language, units: config?.units ?? DEFAULT_UNITS, offset: config?.timeZone ?? 0 }),
    [t, language, config?.units, config?.timeZone],
  );
  const { exporter } = useServices();
  const mode = useResponsiveMode();
  const phone = mode === 'mobile' || mode === 'small-mobile';
  const [period] = useState(() => {
    const day = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    return { fromMs: day - 7 * DAY_MS, toMs: day + 32 * DAY_MS };
  });
  const trips = usePlannedTrips(period.fromMs, period.toMs);
  const [editing, setEditing] = useState<PlannedTrip | 'new' | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const rows = trips.data ?? [];

  const toolbar = (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
        {t('trips.new')}
      </Button>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
        {t('trips.import_button')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={rows.length === 0}
        onClick={() => void exporter.exportExcel('planned-trips', tripsExcel(f, rows))}
      >
        {t('trips.export')}
      </Button>
    </Stack>
  );

  let body;
  if (trips.isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4 }}>
        <CircularProgress size={24} />
        <Typography>{t('trips.loading')}</Typography>
      </Box>
    );
  } else if (trips.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void trips.refetch()}>
            {t('trips.retry')}
          </Button>
        }
      >
        {t('trips.load_error')}: {errorMessage(trips.error, t)}
      </Alert>
    );
  } else if (rows.length === 0) {
    body = (
      <Box sx={{ p: 4, textAlign: 'center' }} data-testid="trips-empty">
        <Typography color="text.secondary">{t('trips.empty')}</Typography>
      </Box>
    );
  } else if (phone) {
    body = (
      <Stack spacing={1.5} data-testid="trips-cards">
        {rows.map((trip) => (
          <Card key={trip.id} variant="outlined">
            <CardActionArea onClick={() => setOpenId(trip.id)} sx={{ p: 1.5 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                {trip.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {trip.vehicleName}
                {trip.driverName ? ` · ${trip.driverName}` : ''}
              </Typography>
              <Box sx={{ my: 1 }}>
                <TripChips trip={trip} f={f} />
              </Box>
              <Typography variant="body2">
                {t('trips.col.start')}: {dateTime(f, trip.plannedStart)}
              </Typography>
              <Typography variant="body2">
                {t('trips.col.end')}: {dateTime(f, trip.plannedEnd)}
              </Typography>
              {trip.status === 'under_way' ? (
                <Typography variant="body2">
                  {t('trips.col.eta')}: {dateTime(f, trip.eta)} ·{' '}
                  {remainingText(f, trip.remainingKm)}
                </Typography>
              ) : null}
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('trips.title')}>
          <TableHead>
            <TableRow>
              {(
                ['name', 'vehicle', 'status', 'departure', 'arrival', 'delay', 'remaining'] as const
              ).map((c) => (
                <TableCell key={c} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {t(`trips.col.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((trip) => (
              <TableRow
                key={trip.id}
                hover
                onClick={() => setOpenId(trip.id)}
                sx={{ cursor: 'pointer' }}
                data-testid={`trip-row-${trip.id}`}
              >
                <TableCell sx={{ fontWeight: 500, minWidth: 160 }}>{trip.name}</TableCell>
                <TableCell>
                  {trip.vehicleName}
                  {trip.driverName ? (
                    <Typography variant="body2" color="text.secondary">
                      {trip.driverName}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <TripChips trip={trip} f={f} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <PlanActual
                    f={f}
                    planned={trip.plannedStart}
                    actual={trip.startedAt}
                    actualLabel={t('trips.col.started')}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <PlanActual
                    f={f}
                    planned={trip.plannedEnd}
                    actual={trip.arrivedAt ?? trip.eta}
                    actualLabel={trip.arrivedAt ? t('trips.col.arrived') : t('trips.col.eta')}
                  />
                </TableCell>
                <TableCell
                  sx={{ whiteSpace: 'nowrap', color: trip.late ? 'warning.main' : undefined }}
                >
                  {delayText(f, trip.delayMin)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {remainingText(f, trip.remainingKm)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }

  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {t('trips.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('trips.period_help')}
          </Typography>
        </Box>
        {toolbar}
      </Box>
      {body}
      {editing !== null ? (
        <TripEditorDialog
          trip={editing === 'new' ? null : editing}
          f={f}
          fullScreen={phone}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            setOpenId(id);
          }}
        />
      ) : null}
      {openId !== null && editing === null ? (
        <TripDetailDialog
          id={openId}
          f={f}
          fullScreen={phone}
          onClose={() => setOpenId(null)}
          onEdit={(trip) => setEditing(trip)}
        />
      ) : null}
      {importing ? (
        <TripImportDialog f={f} fullScreen={phone} onClose={() => setImporting(false)} />
      ) : null}
    </Box>
  );
}
