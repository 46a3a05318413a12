import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Language } from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { DateTimeField } from '../../shared/ui/date-time-field';
import type { StopDraft } from './trip-draft';

/** One stop of the plan being edited: its role, name and planned time, and a remove button. */
export function StopCard({
  stop,
  index,
  count,
  language,
  t,
  onPatch,
  onRemove,
}: {
  stop: StopDraft;
  index: number;
  count: number;
  language: Language;
  t: TFunction;
  onPatch: (patch: Partial<StopDraft>) => void;
  onRemove: () => void;
}) {
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid={`trip-stop-${index}`}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }}>
          {index === 0
            ? t('trips.editor.origin')
            : index === count - 1
              ? t('trips.editor.destination')
              : t('trips.editor.waypoint', { n: index })}
          <Typography component="span" variant="caption" color="text.secondary">
            {` ${stop.lat.toFixed(4)}, ${stop.lng.toFixed(4)}`}
          </Typography>
        </Typography>
        <Tooltip title={t('trips.editor.remove_stop')}>
          <IconButton size="small" aria-label={t('trips.editor.remove_stop')} onClick={onRemove}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Stack spacing={1}>
        <TextField
          size="small"
          label={t('trips.editor.stop_name')}
          value={stop.name}
          onChange={(e) => onPatch({ name: e.target.value })}
        />
        <DateTimeField
          id={`trip-stop-${index}-time`}
          label={t('trips.editor.planned_at')}
          language={language}
          value={stop.at}
          onChange={(value) => onPatch({ at: value })}
        />
      </Stack>
    </Box>
  );
}
