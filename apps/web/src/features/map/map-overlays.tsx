import CloseIcon from '@mui/icons-material/Close';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import FitIcon from '@mui/icons-material/ZoomOutMap';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Fab from '@mui/material/Fab';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { LiveFeedStatus } from '../../shared/fleet/live-feed-client';
import { MapControlButton } from '../../shared/map/map-control-button';

/**
 * What the live map shows over the map: the live and following chips, the fit-the-fleet button,
 * the connection warnings, the loading, failed and empty cards, and a phone's list button.
 */
export function MapOverlays({
  everLive,
  status,
  failed,
  count,
  followedPlate,
  onUnfollow,
  onFit,
  onRetry,
  onOpenList,
  shown,
}: {
  /** Whether the feed was live once (before, the loading or failed card). */
  everLive: boolean;
  status: LiveFeedStatus;
  failed: boolean;
  /** Vehicles in the fleet. */
  count: number;
  /** The followed vehicle's plate, null when none is followed. */
  followedPlate: string | null;
  onUnfollow: () => void;
  onFit: () => void;
  onRetry: () => void;
  /** Opens the list (phones), null where the list is beside the map. */
  onOpenList: (() => void) | null;
  /** Vehicles the filter lets through. */
  shown: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Box
        sx={{
          position: 'absolute',
          top: 8,
          left: 8,
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          pointerEvents: 'none',
          '& > *': { pointerEvents: 'auto' },
        }}
      >
        {everLive && status === 'live' && (
          <Chip
            size="small"
            color="success"
            label={t('map.current.live')}
            data-testid="map-live"
            sx={{ boxShadow: 1 }}
          />
        )}
        {followedPlate !== null && (
          <Chip
            size="small"
            color="primary"
            label={t('map.current.following', { plate: followedPlate })}
            onDelete={onUnfollow}
            deleteIcon={<CloseIcon aria-label={t('map.current.unfollow')} />}
            sx={{ boxShadow: 1 }}
          />
        )}
      </Box>
      {everLive && count > 0 && (
        <MapControlButton
          label={t('map.current.fit_fleet')}
          top={107}
          icon={<FitIcon fontSize="small" />}
          onClick={onFit}
        />
      )}
      {everLive && status !== 'live' && (
        <Alert
          severity="warning"
          sx={{ position: 'absolute', top: 8, left: 8, right: 56, boxShadow: 2 }}
        >
          {status === 'unauthorized'
            ? t('map.current.unauthorized')
            : t('map.current.reconnecting')}
        </Alert>
      )}
      {!everLive && !failed && (
        <Overlay>
          <CircularProgress size={28} aria-hidden />
          <Typography role="status">{t('map.current.loading')}</Typography>
        </Overlay>
      )}
      {failed && (
        <Overlay>
          <Typography variant="h3" component="p" role="alert">
            {t('map.current.error_title')}
          </Typography>
          <Typography color="text.secondary">
            {status === 'unauthorized'
              ? t('map.current.unauthorized')
              : t('map.current.error_text')}
          </Typography>
          <Button variant="contained" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Overlay>
      )}
      {everLive && count === 0 && (
        <Overlay>
          <Typography variant="h3" component="p">
            {t('map.current.empty_title')}
          </Typography>
          <Typography color="text.secondary">{t('map.current.empty_text')}</Typography>
        </Overlay>
      )}
      {onOpenList && everLive && count > 0 && (
        <Fab
          variant="extended"
          color="primary"
          size="medium"
          onClick={onOpenList}
          sx={{
            position: 'absolute',
            bottom: 32,
            left: '50%',
            transform: 'translateX(-50%)',
          }}
        >
          <ListIcon sx={{ mr: 1 }} />
          {t('map.current.open_list', { count: shown })}
        </Fab>
      )}
    </>
  );
}

function Overlay({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        bgcolor: (theme) =>
          theme.palette.mode === 'dark' ? 'rgba(10,16,24,0.55)' : 'rgba(255,255,255,0.55)',
        p: 2,
      }}
    >
      <Paper
        elevation={3}
        sx={{
          p: 3,
          maxWidth: 420,
          textAlign: 'center',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: 1.5,
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}
