import { placeAtReply } from '@rumbo/contracts';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { useServices } from '../../services';

/** Positions closer than this (degrees, ~110 m) share one answer: the popup asks once per block. */
const PLACE_GRID_DEG = 0.001;
/** How long a named position is reused. */
const PLACE_STALE_MS = 60_000;

/** A position snapped to the ~100 m grid the place is asked for. */
export function placeCell(lat: number, lng: number): [number, number] {
  const snap = (v: number) => Number((Math.round(v / PLACE_GRID_DEG) * PLACE_GRID_DEG).toFixed(3));
  return [snap(lat), snap(lng)];
}

/** The place at a position (`GET /api/v2/places/at`), in the user's language; off without one. */
export function usePlaceAt(lat: number | null | undefined, lng: number | null | undefined) {
  const { api } = useServices();
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const known = typeof lat === 'number' && typeof lng === 'number';
  const [cellLat, cellLng] = known ? placeCell(lat, lng) : [0, 0];
  return useQuery({
    queryKey: ['places', 'at', language, cellLat, cellLng],
    queryFn: async ({ signal }) =>
      placeAtReply.parse(await api.get(`v2/places/at?lat=${cellLat}&lng=${cellLng}`, { signal }))
        .place,
    enabled: known,
    staleTime: PLACE_STALE_MS,
  });
}

/**
 * The vehicle's last position as a place ("Depósito Rosario", "7,2 km NO de Villa María,
 * Córdoba"), under the plate and status: a skeleton while it is asked, a quiet text when the
 * position or its place is unknown or could not be asked.
 */
export function PopupPlace({
  lat,
  lng,
  loading,
}: {
  lat: number | null | undefined;
  lng: number | null | undefined;
  /** The last info itself is still loading. */
  loading: boolean;
}) {
  const { t } = useTranslation();
  const place = usePlaceAt(lat, lng);
  const known = typeof lat === 'number' && typeof lng === 'number';
  let content: React.ReactNode;
  let state: 'loading' | 'place' | 'none' | 'error';
  if (loading || (known && place.isPending)) {
    state = 'loading';
    content = <Skeleton width="70%" aria-label={t('fleet.popup.place_loading')} />;
  } else if (known && place.isError) {
    state = 'error';
    content = t('fleet.popup.place_error');
  } else if (known && place.data) {
    state = 'place';
    content = place.data;
  } else {
    state = 'none';
    content = known ? t('fleet.popup.no_place') : t('fleet.popup.no_position');
  }
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, mb: 1.5 }}
      data-testid="popup-place"
      data-state={state}
      aria-busy={state === 'loading' ? 'true' : undefined}
    >
      <PlaceIcon
        fontSize="small"
        aria-hidden
        sx={{ mt: '2px', color: state === 'place' ? 'primary.main' : 'text.disabled' }}
      />
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block' }}
        >
          {t('fleet.popup.place_label')}
        </Typography>
        {state === 'loading' ? (
          content
        ) : (
          <Typography
            component="span"
            variant="body1"
            data-value
            sx={{
              display: 'block',
              overflowWrap: 'anywhere',
              fontWeight: state === 'place' ? 500 : undefined,
              color: state === 'place' ? 'text.primary' : 'text.disabled',
              fontStyle: state === 'place' ? undefined : 'italic',
            }}
          >
            {content}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
