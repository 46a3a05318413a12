import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '../i18n/use-translation';
import { statusColor, type VehicleStatus } from './vehicle-status';

/** A vehicle status as a small chip with its colour dot (domain.md §2). */
export function StatusChip({
  status,
  size = 'small',
}: {
  status: VehicleStatus;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      variant="outlined"
      data-status={status}
      label={t(`vehicleStatus.${status}`)}
      icon={<StatusDot status={status} />}
      sx={{ '& .MuiChip-icon': { ml: 1 }, fontWeight: 500, color: 'text.primary' }}
    />
  );
}

/** The colour dot of a status. */
export function StatusDot({ status, size = 10 }: { status: VehicleStatus; size?: number }) {
  const mode = useTheme().palette.mode;
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: statusColor(status, mode),
      }}
    />
  );
}
