import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useStore } from 'zustand';
import { LANGUAGE_CHOICES } from '../i18n/language-choices';
import { useTranslation } from '../i18n/use-translation';
import { useServices } from '../services';

/**
 * ES / EN selector (two pressed-state buttons; the choice is kept in local storage). Plain
 * buttons rather than MUI's ToggleButtonGroup keep ~3 KB gzip off the signed-out screens.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { prefs } = useServices();
  const language = useStore(prefs, (s) => s.language);
  return (
    <Box
      role="group"
      aria-label={t('view.login.language')}
      sx={{
        display: 'inline-flex',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {LANGUAGE_CHOICES.map(({ value, label, name }) => {
        const selected = value === language;
        return (
          <Button
            key={value}
            size="small"
            aria-label={name}
            aria-pressed={selected}
            onClick={() => prefs.setState({ language: value })}
            sx={{
              minWidth: 0,
              px: 1.25,
              py: 0.25,
              borderRadius: 0,
              color: selected ? 'primary.main' : 'text.secondary',
              bgcolor: selected ? 'action.selected' : 'transparent',
              '& + &': { borderLeft: 1, borderColor: 'divider' },
            }}
          >
            {label}
          </Button>
        );
      })}
    </Box>
  );
}
