import type { InfringementDto } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useSession } from '../../shared/services';
import { measureText, periodText, SeverityChip } from './infringement-format';

/** A driver's infringements; choosing one outlines its evidence on the chart. */
export function InfringementList({
  items,
  selected,
  onSelect,
}: {
  items: readonly InfringementDto[];
  selected: string | null;
  onSelect: (item: InfringementDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const zone = useSession((s) => s.user?.config.timeZone ?? 0);
  if (items.length === 0)
    return (
      <Typography color="text.secondary" data-testid="dt-infringements-empty">
        {t('drivingTimes.no_infringements')}
      </Typography>
    );
  return (
    <List disablePadding data-testid="dt-infringements">
      {items.map((item) => (
        <ListItemButton
          key={item.id}
          selected={item.id === selected}
          onClick={() => onSelect(item)}
          data-testid="dt-infringement"
          data-id={item.id}
          aria-pressed={item.id === selected}
          sx={{ borderRadius: 1, display: 'block', py: 1 }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <SeverityChip severity={item.severity} />
            <Typography sx={{ fontWeight: 600 }}>{t(`drivingTimes.rule.${item.rule}`)}</Typography>
          </Box>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {measureText(item, t)}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {periodText(item, language, zone)}
            {item.plate ? ` · ${item.plate}` : ''}
            {item.place ? ` · ${item.place}` : ''}
          </Typography>
        </ListItemButton>
      ))}
    </List>
  );
}
