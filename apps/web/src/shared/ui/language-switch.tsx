import type { Language } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useStore } from 'zustand';
import { useTranslation } from '../i18n/use-translation';
import { useServices } from '../services';

const LANGUAGES: readonly { value: Language; label: string; name: string }[] = [
  { value: 'es', label: 'ES', name: 'Español' },
  { value: 'en', label: 'EN', name: 'English' },
];

/**
 * ES / EN selector (two pressed-state buttons; the choice is kept in local storage). Plain
 * buttons rather than MUI's ToggleButtonGroup keep ~3 KB gzip off the sign-in route.
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
      {LANGUAGES.map(({ value, label, name }) => {
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
