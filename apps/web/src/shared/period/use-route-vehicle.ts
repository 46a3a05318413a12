import { useParams } from 'react-router';
import { useVehicle } from '../fleet/fleet-queries';
import { routeMs } from './analysis-period';

/**
 * A one-vehicle analysis route (`…/{id}/{from}/{to}`): the vehicle, its plate (`#id` until it is
 * known) and the period, with the route's other params.
 */
export function useRouteVehicle() {
  const params = useParams();
  const id = Number(params.id);
  const fromMs = routeMs(params.from) ?? 0;
  const toMs = routeMs(params.to) ?? 0;
  const vehicle = useVehicle(id);
  return { params, id, fromMs, toMs, vehicle, plate: vehicle.data?.plate ?? `#${id}` };
}
