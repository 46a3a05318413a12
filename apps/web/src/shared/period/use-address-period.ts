import type { TimeZoneSetting } from '@rumbo/contracts';
import { useState } from 'react';
import { useUrlParams } from '../url/use-url-params';
import { analysisPeriod } from './analysis-period';

/**
 * The address's parameters with the analysis period they name (`?period=&from=&to=`, else the
 * last 7 days), the quick periods counted from when the screen was opened.
 */
export function useAddressPeriod(offsetHours: TimeZoneSetting) {
  const url = useUrlParams();
  const { params } = url;
  const [openedMs] = useState(() => Date.now());
  const period = analysisPeriod(
    { period: params.get('period'), from: params.get('from'), to: params.get('to') },
    openedMs,
    offsetHours,
  );
  return { ...url, period };
}
