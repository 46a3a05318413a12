/**
 * The driver a vehicle reads (its tachograph card or iButton, `driverCode`) as screens show it:
 * the registered driver's name, else the raw code marked as not registered, else nothing.
 */
export function driverText(
  driver: { driverCode: string | null; driverName?: string | null | undefined } | null | undefined,
  unknownCode: (code: string) => string,
): string | null {
  if (!driver) return null;
  if (driver.driverName) return driver.driverName;
  return driver.driverCode ? unknownCode(driver.driverCode) : null;
}
