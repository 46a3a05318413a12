import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_UNITS, type PlannedTrip } from '@rumbo/contracts';
import { useMemo, useState } from 'react';
import { DataTable } from '../../shared/table/data-table';
import { errorMessage } from '../../shared/api/error-message';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices, useSession } from '../../shared/services';
import { useResponsiveMode } from '../../shared/ui/use-responsive-mode';
import { TripDetailDialog } from './trip-detail';
import { TripEditorDialog } from './trip-editor';
import { TripImportDialog } from './trip-import-dialog';
import { TripCard, useTripColumns } from './trip-list';
import { tripsExcel, type TripFormat } from './trip-rows';
import { usePlannedTrips } from './trips-api';
import { RetryAlert } from '../../shared/ui/retry-alert';

const DAY_MS = 86_400_000;

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
  const columns = useTripColumns(f);

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
      <RetryAlert onRetry={() => void trips.refetch()} retryLabel={t('trips.retry')}>
        {t('trips.load_error')}: {errorMessage(trips.error, t)}
      </RetryAlert>
    );
  } else if (rows.length === 0) {
    body = (
      <Box sx={{ p: 4, textAlign: 'center' }} data-testid="trips-empty">
        <Typography color="text.secondary">{t('trips.empty')}</Typography>
      </Box>
    );
  } else {
    body = (
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(trip) => trip.id}
        sort={null}
        paged={false}
        phone={phone}
        cellWrap="normal"
        label={t('trips.title')}
        onRowClick={(trip) => setOpenId(trip.id)}
        renderCard={(trip) => <TripCard trip={trip} f={f} />}
        {...(phone
          ? { testId: 'trips-cards' }
          : { rowTestId: (trip: PlannedTrip) => `trip-row-${trip.id}` })}
      />
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
