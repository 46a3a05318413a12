import { zoneOffsetMs, type TimeZoneSetting } from '@rumbo/contracts';
import { formatOffset } from '../../shared/format/format';

export interface TimeZoneOption {
  value: TimeZoneSetting;
  /** "Europe/Madrid (UTC+01:00)": the name and its offset now. */
  label: string;
}

let names: readonly string[] | undefined;

/** The IANA zones the browser knows, by name. */
function zoneNames(): readonly string[] {
  names ??= Intl.supportedValuesOf('timeZone');
  return names;
}

/**
 * The zones a user may pick: every IANA zone with its offset at `nowMs`, and the current setting
 * when it is an old fixed offset (kept until the user picks a zone).
 */
export function timeZoneOptions(current: TimeZoneSetting, nowMs: number): TimeZoneOption[] {
  const options: TimeZoneOption[] = zoneNames().map((name) => ({
    value: name,
    label: `${name.replaceAll('_', ' ')} (${formatOffset(zoneOffsetMs(name, nowMs) / 3_600_000)})`,
  }));
  if (typeof current === 'number')
    options.unshift({ value: current, label: formatOffset(current) });
  else if (!zoneNames().includes(current)) {
    options.unshift({
      value: current,
      label: `${current.replaceAll('_', ' ')} (${formatOffset(zoneOffsetMs(current, nowMs) / 3_600_000)})`,
    });
  }
  return options;
}
