import type { Language } from '@rumbo/contracts';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS as pickerEn, esES as pickerEs } from '@mui/x-date-pickers/locales';
import { enUS } from 'date-fns/locale/en-US';
import { es } from 'date-fns/locale/es';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';

/** Spec §9: dd/MM/yyyy (es) or MM/dd/yyyy (en). */
export const DAY_FORMATS: Record<Language, string> = { es: 'dd/MM/yyyy', en: 'MM/dd/yyyy' };

const LOCALES = {
  es: { dateFns: es, text: pickerEs.components.MuiLocalizationProvider.defaultProps.localeText },
  en: { dateFns: enUS, text: pickerEn.components.MuiLocalizationProvider.defaultProps.localeText },
} as const;

/** `yyyy-MM-dd` → a local Date at midnight (null when empty or malformed). */
function toDate(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** A local Date → `yyyy-MM-dd` ('' when invalid: a date still being typed). */
function toDay(date: Date | null): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A calendar day (MUI X date picker): the user's language and date format whatever the browser's
 * (spec §9), the value as `yyyy-MM-dd` like a native date input's — a day, no time zone.
 */
export function DayField({
  id,
  label,
  language,
  value,
  onChange,
  min,
  max,
  required,
  error,
  helperText,
  sx,
}: {
  id?: string;
  label: string;
  language: Language;
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  sx?: SxProps<Theme>;
}) {
  const locale = LOCALES[language];
  // The picker's own value: a half-typed date stays here (invalid) until it is a whole day; the
  // caller hears only whole days and clearing. A new value from the caller replaces it.
  const [shown, setShown] = useState<Date | null>(() => toDate(value));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (toDay(shown) !== value) setShown(toDate(value));
  }
  const minDate = min ? toDate(min) : null;
  const maxDate = max ? toDate(max) : null;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale.dateFns}
      localeText={locale.text}
    >
      <DatePicker
        label={label}
        value={shown}
        onChange={(date) => {
          setShown(date);
          const day = toDay(date);
          if (day !== '' || date === null) onChange(day);
        }}
        format={DAY_FORMATS[language]}
        {...(minDate ? { minDate } : {})}
        {...(maxDate ? { maxDate } : {})}
        desktopModeMediaQuery="@media (pointer: fine) and (min-width: 600px)"
        sx={sx}
        slotProps={{
          textField: {
            ...(id ? { id } : {}),
            size: 'small',
            required: Boolean(required),
            error: Boolean(error),
            helperText,
          },
        }}
      />
    </LocalizationProvider>
  );
}
