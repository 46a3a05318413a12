import type { Language } from '@rumbo/contracts';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useServices } from '../services';

/** ES / EN selector; the choice is kept in local storage. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { prefs } = useServices();
  const language = useStore(prefs, (s) => s.language);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={language}
      aria-label={t('view.login.language')}
      onChange={(_, value: Language | null) => {
        if (value) prefs.setState({ language: value });
      }}
    >
      <ToggleButton value="es" aria-label="Español" sx={{ px: 1.25, py: 0.25 }}>
        ES
      </ToggleButton>
      <ToggleButton value="en" aria-label="English" sx={{ px: 1.25, py: 0.25 }}>
        EN
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
