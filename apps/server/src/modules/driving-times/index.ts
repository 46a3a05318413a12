// The public face of the driving-times module (issue 26): all that the rest of the server may import from it.
export { drivingTimesRoutes, type DrivingTimesDeps } from './driving-times.routes.js';
export { cardStatus, driverTimesOf, HISTORY_MS, intervalsOf } from './driving-times.service.js';
export { activitiesOf, driversOf, ruleSetOf } from './driving-times.repository.js';
