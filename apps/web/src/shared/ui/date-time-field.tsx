import type { Language } from '@rumbo/contracts';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickerEn, esES as pickerEs } from '@mui/x-date-pickers/locales';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import type { ReactNode } from 'react';

/** Spec §9: dd/MM/yyyy (es) or MM/dd/yyyy (en), time HH:mm:ss. */
export const DATE_TIME_FORMATS: Record<Language, string> = {
  es: 'dd/MM/yyyy HH:mm:ss',
  en: 'MM/dd/yyyy HH:mm:ss',
};

const LOCALES = {
  es: { dateFns: es, text: pickerEs.components.MuiLocalizationProvider.defaultProps.localeText },
  en: { dateFns: enUS, text: pickerEn.components.MuiLocalizationProvider.defaultProps.localeText },
} as const;

const VIEWS = ['year', 'month', 'day', 'hours', 'minutes', 'seconds'] as const;
const STEPS = { hours: 1, minutes: 1, seconds: 1 };

/**
 * The app's date-and-time input (MUI X picker, date-fns): the user's language, its date format
 * and a 24-hour clock with seconds, whatever the browser's language. The value is a wall-clock
 * date (shared/format/wall-clock): its local fields are the user's time at their UTC offset.
 * While a date is half typed, `onChange` receives an invalid Date.
 */
export function DateTimeField({
  id,
  label,
  language,
  value,
  onChange,
  error,
  helperText,
}: {
  id: string;
  label: string;
  language: Language;
  value: Date | null;
  onChange: (value: Date | null) => void;
  error?: boolean;
  helperText?: ReactNode;
}) {
  const locale = LOCALES[language];
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale.dateFns}
      localeText={locale.text}
    >
      <DateTimePicker
        label={label}
        value={value}
        onChange={onChange}
        format={DATE_TIME_FORMATS[language]}
        ampm={false}
        views={VIEWS}
        // The desktop popover (calendar beside the clock columns, ~480 px) needs a wide screen;
        // phones and narrow windows get the full-screen dialog.
        desktopModeMediaQuery="@media (pointer: fine) and (min-width: 600px)"
        timeSteps={STEPS}
        slotProps={{
          textField: {
            id,
            size: 'small',
            error: Boolean(error),
            helperText,
          },
        }}
      />
    </LocalizationProvider>
  );
}
