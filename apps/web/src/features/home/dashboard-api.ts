import type { DashboardSummary } from '@rumbo/contracts';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../shared/services';

/**
 * `POST /v2/dashboard/summary`: the dashboard's fleet figures in one call, for every role holding
 * the dashboard (docs/decisions/0029-views-per-route.md). Refreshed every minute (the vehicles
 * moving now and today's alerts); the week's sums are cached by the server's indicator tables.
 */
export function useDashboardSummary(period: {
  from: number;
  to: number;
  alertsFrom: number;
  alertsTo: number;
}) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['dashboard', 'summary', period.from, period.to, period.alertsFrom] as const,
    queryFn: ({ signal }) =>
      api.post<DashboardSummary>('v2/dashboard/summary', period, signal ? { signal } : {}),
    refetchInterval: 60_000,
  });
}
