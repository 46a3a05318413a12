import { DEFAULT_UNITS, type LastInfo, type Vehicle } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { seededDescription, seededParts } from '../../i18n/seeded-text';
import { isAborted, isApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import { formatDateTime } from '../../format/format';
import { useSession } from '../../services';
import { indexLastInfo, useLastPositions, useVehicle } from '../fleet-queries';
import { StatusChip } from '../status-chip';
import { CopyButton } from './copy-button';
import { PopupPlace } from './popup-place';
import { driverText } from '../driver-text';
import { PopupDrivingLeft } from '../../driving-times/popup-driving-left';
import { vehiclePopupRows, type PopupRow } from './popup-format';

/** How old the last info may be when the popup opens. */
const POPUP_FRESH_MS = 10_000;

export interface VehiclePopupProps {
  /** The vehicle to show; null keeps the dialog closed. */
  vehicleId: number | null;
  open: boolean;
  onClose: () => void;
}

/** The vehicle popup of spec §2: plate (copyable), chassis, description, implements… */
export function VehiclePopup({ vehicleId, open, onClose }: VehiclePopupProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const vehicle = useVehicle(open ? vehicleId : null);
  // Opening the popup refreshes last info older than 10 s, so it matches the live status.
  const positions = useLastPositions({
    enabled: open && vehicleId !== null,
    staleTime: POPUP_FRESH_MS,
  });
  const info = useMemo(
    () => (vehicleId === null ? undefined : indexLastInfo(positions.data).get(vehicleId)),
    [positions.data, vehicleId],
  );
  const title = vehicle.data?.plate ?? info?.plate ?? t('fleet.popup.title');
  return (
    <Dialog
      open={open && vehicleId !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby="vehicle-popup-title"
      slotProps={{
        paper: { sx: { width: { sm: 460 } }, 'data-testid': 'vehicle-popup' } as object,
      }}
    >
      <DialogTitle
        id="vehicle-popup-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', pr: 2 }}
      >
        <Box component="span" sx={{ flex: '1 1 auto' }}>
          {title}
        </Box>
        {info && <StatusChip status={info.status} />}
      </DialogTitle>
      <DialogContent dividers>
        {vehicle.data ? (
          <PopupDetails
            vehicle={vehicle.data}
            info={positions.isPending ? undefined : (info ?? null)}
          />
        ) : vehicle.isError ? (
          <Typography color="text.secondary" role="alert" sx={{ py: 2 }}>
            {isApiError(vehicle.error, 404)
              ? t('fleet.popup.not_found')
              : isAborted(vehicle.error)
                ? t('fleet.common.cancelled')
                : errorMessage(vehicle.error, t)}
          </Typography>
        ) : (
          <Box aria-busy="true" aria-label={t('common.loading')}>
            {Array.from({ length: 9 }, (_, i) => (
              <Skeleton key={i} height={32} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {vehicle.isError && !isApiError(vehicle.error, 404) && (
          <Button onClick={() => void vehicle.refetch()}>{t('common.retry')}</Button>
        )}
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The field list; `info` undefined while the last info loads, null when there is none. */
function PopupDetails({ vehicle, info }: { vehicle: Vehicle; info: LastInfo | null | undefined }) {
  const { t, i18n } = useTranslation();
  const config = useSession((s) => s.user?.config);
  const language = i18n.language === 'en' ? 'en' : 'es';
  // Seeded data (the demo's descriptions, built-in trailer kinds) in the user's language.
  const shown = { ...vehicle, description: seededDescription(t, vehicle.description) };
  const shownInfo = info && { ...info, implementos: seededParts(t, info.implementos) };
  const rows = vehiclePopupRows(shown, shownInfo, {
    units: config?.units ?? DEFAULT_UNITS,
    language,
    noInfo: t('fleet.popup.no_info'),
    noCan: t('fleet.common.no_can'),
    kindLabel: (kind) => t(`fleet.kind.${kind}`),
  });
  const offset = config?.timeZone ?? 0;
  const driver = driverText(info, (code) => t('drivers.unknown_code', { code }));
  return (
    <>
      <PopupPlace lat={info?.lat} lng={info?.lng} loading={info === undefined} />
      {info?.lastConnection && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('fleet.popup.last_connection', {
            time: formatDateTime(Date.parse(info.lastConnection), language, offset),
          })}
        </Typography>
      )}
      {driver && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="popup-driver">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('drivers.current')}:
          </Box>{' '}
          {driver}
        </Typography>
      )}
      <PopupDrivingLeft vehicleId={vehicle.vehicleId} />
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(130px, auto) 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.25, sm: 1 },
          alignItems: 'center',
        }}
      >
        {rows.map((row) => (
          <PopupLine key={row.field} row={row} loading={info === undefined && isLive(row)} />
        ))}
      </Box>
    </>
  );
}

const LIVE_FIELDS = new Set(['implements', 'brand_model_year', 'mileage', 'engine_hours', 'urea']);
const isLive = (row: PopupRow) => LIVE_FIELDS.has(row.field);

function PopupLine({ row, loading }: { row: PopupRow; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ mt: { xs: 1, sm: 0 } }}
      >
        {t(`fleet.popup.fields.${row.field}`)}
      </Typography>
      <Box
        component="dd"
        sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}
        data-field={row.field}
        data-missing={row.missing ? 'true' : 'false'}
      >
        {loading ? (
          <Skeleton width="60%" />
        ) : (
          <Typography
            component="span"
            sx={{
              overflowWrap: 'anywhere',
              fontWeight: row.field === 'plate' ? 600 : undefined,
              color: row.missing ? 'text.disabled' : undefined,
              fontStyle: row.missing ? 'italic' : undefined,
            }}
            data-value
          >
            {row.value}
          </Typography>
        )}
        {row.field === 'plate' && !row.missing && (
          <CopyButton text={row.value} label={t('fleet.popup.copy_plate')} />
        )}
      </Box>
    </>
  );
}
