import CircleIcon from '@mui/icons-material/RadioButtonUnchecked';
import PolygonIcon from '@mui/icons-material/Pentagon';
import RectangleIcon from '@mui/icons-material/CropSquare';
import CorridorIcon from '@mui/icons-material/Polyline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { DrawShape } from '../draw-controller';
import type { ZoneGeometry } from '../geofence-form';

const SHAPES = [
  ['polygon', PolygonIcon],
  ['rectangle', RectangleIcon],
  ['circle', CircleIcon],
  ['corridor', CorridorIcon],
] as const;

/** Counts a shape's vertices as the user sees them (a closed ring's repeat not counted). */
export function vertexCount(geometry: ZoneGeometry): number {
  if (geometry.type === 'Polygon') return Math.max(0, (geometry.coordinates[0]?.length ?? 1) - 1);
  if (geometry.type === 'LineString') return geometry.coordinates.length;
  return 1;
}

/** The four zone shapes as buttons, what to do next, and what is drawn. */
export function ShapePicker({
  drawing,
  geometry,
  error,
  onDraw,
}: {
  drawing: DrawShape | null;
  geometry: ZoneGeometry | null;
  error?: string;
  onDraw: (shape: DrawShape) => void;
}) {
  const { t } = useTranslation();
  const kind = geometry
    ? geometry.type === 'Point'
      ? 'circle'
      : geometry.type === 'LineString'
        ? 'corridor'
        : 'polygon'
    : null;
  const hint = drawing
    ? t(`geofences.draw.${drawing}_hint`)
    : geometry
      ? t('geofences.draw.edit_hint')
      : t('geofences.draw.pick_shape');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.75 }}>
        {t('geofences.form.geometry')}
      </Typography>
      <Box
        role="group"
        aria-label={t('geofences.draw.toolbar')}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 0.75 }}
      >
        {SHAPES.map(([shape, Icon]) => (
          <Button
            key={shape}
            size="small"
            variant={drawing === shape ? 'contained' : 'outlined'}
            startIcon={<Icon fontSize="small" />}
            onClick={() => onDraw(shape)}
            aria-pressed={drawing === shape}
            data-testid={`draw-${shape}`}
            sx={{ textTransform: 'none', justifyContent: 'flex-start', minWidth: 0 }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {t(`geofences.shapes.${shape}`)}
            </Box>
          </Button>
        ))}
      </Box>
      <Typography
        variant="body2"
        color={error ? 'error' : 'text.secondary'}
        sx={{ mt: 0.75 }}
        role={error ? 'alert' : 'status'}
        data-testid="draw-status"
      >
        {error ??
          (geometry && kind && !drawing
            ? `${t('geofences.draw.drawn', { kind: t(`geofences.kinds.${kind}`) })}${kind === 'circle' ? '' : ` · ${t('geofences.draw.vertices', { count: vertexCount(geometry) })}`}. ${hint}`
            : hint)}
      </Typography>
    </Box>
  );
}
