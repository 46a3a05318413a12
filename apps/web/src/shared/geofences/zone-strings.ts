import { useEffect } from 'react';
import type { I18n } from '../i18n/i18n';
import { useTranslation } from '../i18n/use-translation';
import en from './strings/zones.en.json';
import es from './strings/zones.es.json';

/** A key every bundle has: present once the strings are in. */
const MARKER = 'zones.layers.geofences';

function hasZoneStrings(i18n: I18n): boolean {
  return i18n.t(MARKER) !== MARKER;
}

/** Adds the zones' strings (both languages: a few KB, and a language switch needs no load). */
export function addZoneStrings(i18n: I18n): void {
  if (hasZoneStrings(i18n)) return;
  i18n.addResourceBundle('es', 'translation', es, true, true);
  i18n.addResourceBundle('en', 'translation', en, true, true);
}

/**
 * True once the geofence screens' strings are in. They ship with the zone screens' chunks, not
 * with the app's shared translation files (the sign-in route and the shell never carry them);
 * they are added after the first render (adding re-renders every translated component).
 */
export function useZoneStrings(): boolean {
  // Adding the strings changes the translations' version: useTranslation renders again.
  const { i18n } = useTranslation();
  useEffect(() => addZoneStrings(i18n), [i18n]);
  return hasZoneStrings(i18n);
}
