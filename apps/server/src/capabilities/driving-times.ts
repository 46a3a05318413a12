// Driving and rest times (issue 26, decision 0043): the driver activities' table, and the
// driving-times API (the list, a driver's page, the infringements, the tenant's rule set).

import { drivingTimesRoutes } from '../modules/driving-times/index.js';
import { driverActivitiesSink } from '../pipeline/sinks/driver-activities.sink.js';
import type { ServerCapability } from './capability.js';

export const drivingTimes: ServerCapability = {
  name: 'driving-times',
  sinks: () => [driverActivitiesSink],
  routes: ({ db, bus }) => [{ plugin: drivingTimesRoutes({ db, bus }), prefix: '/api/v2' }],
};
