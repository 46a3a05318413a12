import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { FuelBalance } from '@rumbo/contracts';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { BALANCE_LIMITS, residualText } from './consumption-rows';

/** The balance column: the residual, and a warning chip when it is flagged. */
export function BalanceCell({ balance, f }: { balance: FuelBalance | null; f: FleetFormat }) {
  const { t } = f;
  if (!balance || balance.residualL === null)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('fuel.balance.none')}
      </Typography>
    );
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
      data-flagged={balance.flagged}
    >
      {residualText(f, balance)}
      {balance.flagged ? (
        <Chip
          size="small"
          color="warning"
          icon={<WarningAmberIcon fontSize="small" />}
          label={t('fuel.balance.flagged')}
        />
      ) : null}
    </Box>
  );
}

/**
 * How the balance adds up (domain.md §7): tank at the start and end, the refills, the engine's
 * counter and what is left unaccounted for; why a flagged one is flagged and what may cause it.
 */
export function BalanceDetail({ balance, f }: { balance: FuelBalance | null; f: FleetFormat }) {
  const { t } = f;
  if (!balance || balance.residualL === null || balance.tankDeltaL === null)
    return (
      <Alert severity="info" data-testid="balance-detail">
        {t('fuel.balance.no_levels')}
      </Alert>
    );
  const vol = (l: number | null) => f.volume(l) ?? '—';
  const lines: [string, string][] = [
    [t('fuel.balance.level_start'), vol(balance.levelStartL)],
    [t('fuel.balance.level_end'), vol(balance.levelEndL)],
    [t('fuel.balance.tank_delta'), vol(balance.tankDeltaL)],
    [t('fuel.balance.refills'), `+ ${vol(balance.refillsL)}`],
    [t('fuel.balance.consumption'), `− ${vol(balance.consumptionL)}`],
    [t('fuel.balance.residual'), residualText(f, balance)],
  ];
  return (
    <Box data-testid="balance-detail" sx={{ display: 'grid', gap: 1.5, maxWidth: 720 }}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'start',
          columnGap: 3,
          rowGap: 0.25,
        }}
      >
        {lines.map(([label, value], i) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography
              component="dt"
              variant="body2"
              color="text.secondary"
              sx={i === lines.length - 1 ? { fontWeight: 700, color: 'text.primary' } : undefined}
            >
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: 'right', fontWeight: i === lines.length - 1 ? 700 : 400 }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Alert
        severity={balance.flagged ? 'warning' : 'success'}
        icon={balance.flagged ? <WarningAmberIcon /> : <CheckCircleOutlineIcon />}
      >
        {balance.flagged
          ? t('fuel.balance.why_flagged', {
              pct: BALANCE_LIMITS.pct,
              litres: f.volume(BALANCE_LIMITS.litres) ?? '',
            })
          : t('fuel.balance.why_ok', {
              pct: BALANCE_LIMITS.pct,
              litres: f.volume(BALANCE_LIMITS.litres) ?? '',
            })}{' '}
        {balance.flagged
          ? balance.residualL > 0
            ? t('fuel.balance.missing_causes', { thefts: vol(balance.theftsL) })
            : t('fuel.balance.extra_causes')
          : null}
      </Alert>
    </Box>
  );
}
