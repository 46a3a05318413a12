import type { Language } from '@rumbo/contracts';

/** The languages a user can pick (the ES / EN switch), with their short label and own name. */
export const LANGUAGE_CHOICES: readonly { value: Language; label: string; name: string }[] = [
  { value: 'es', label: 'ES', name: 'Español' },
  { value: 'en', label: 'EN', name: 'English' },
];
