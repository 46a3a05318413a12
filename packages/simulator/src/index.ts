// Public API of @rumbo/simulator: virtual trucks speaking Teltonika TCP and OsmAnd HTTP to the
// real ingest ports of a Rumbo server, with the ground truth of what they did.

export { createFleet, fleetDuty, fleetTruckPlan, type FleetDutyOptions } from './fleet.js';
export {
  DUTY_AVERAGE_KMH,
  legDutySegments,
  plannedDriveMs,
  type DutyPark,
  type LegDuty,
  type TruckDutyOptions,
} from './truck-duty.js';
export type {
  Fleet,
  FleetOptions,
  FleetStats,
  BackfillOptions,
  BackfillResult,
  HistoryOptions,
  HistoryChunk,
  StartOptions,
} from './fleet.js';
export { runSimulatorCli, SIMULATE_USAGE, type SimulatorCliIo } from './cli.js';
export {
  describeVehicle,
  imeiFor,
  plateFor,
  driverCodeFor,
  FLEET_GROUPS,
  VEHICLE_MODELS,
  GROUP_IMPLEMENTS,
  vinFor,
  vinCheckDigit,
  type SimDevice,
  type SimImplement,
  type SimProtocol,
  type VehicleModel,
  type CatalogOptions,
} from './catalog.js';
export { PLACES, CORRIDORS } from './corridors.js';
export {
  ROUTE_DEFINITIONS,
  compileRoute,
  compileRoutes,
  type FleetGroup,
  type RouteDefinition,
} from './routes.js';
export {
  buildRoute,
  locateOnRoute,
  bearingDeg,
  type Place,
  type PlaceKind,
  type Route,
  type RouteStop,
  type Waypoint,
} from './route.js';
export { Truck } from './truck.js';
export {
  DEMO_TRUCK_OPTIONS,
  speedLimiterOf,
  type TruckOptions,
  type TruckStatus,
} from './truck-options.js';
export { DEFAULT_EVENT_RATES, DEMO_EVENT_RATES, type EventRates } from './truck-driving.js';
export {
  DEFAULT_SITUATION_RATES,
  DEMO_SITUATION_RATES,
  reeferProfileFor,
  unknownDriverCodeFor,
  type ReeferProfile,
  type SituationRates,
} from './truck-events.js';
export type { TruckIdentity, TruckTraits, DriverStyle } from './truck-profile.js';
export { ARGENTINA_UTC_OFFSET_HOURS, styleOf } from './truck-profile.js';
export {
  DEFAULT_RECORDER_SETTINGS,
  HISTORY_RECORDER_SETTINGS,
  type RecorderSettings,
} from './device-recorder.js';
export { TruckPlan, type Leg, type TruckCounterValues } from './truck-plan.js';
export type * from './ground-truth.js';
export type { SimRecord } from './sim-record.js';
export { Random } from './random.js';
export { toAvlRecord, FMB640_IO } from './teltonika-encoding.js';
export {
  TeltonikaClient,
  type TeltonikaClientOptions,
  type ClientEvent,
} from './teltonika-client.js';
export { OsmAndClient, osmandPath, type OsmAndClientOptions } from './osmand-client.js';
export type { DeviceClient, DeviceClientStats, BackoffOptions } from './record-queue.js';
export {
  faultTruth,
  faultsStartingOn,
  hasOilPressureFault,
  COMMON_FAULTS,
  RED_STOP_FAULT,
  type SimFault,
  type TruthFault,
} from './truck-faults.js';
export {
  COMPLIANT_DUTY,
  LATE_DUTY,
  planCrewDuty,
  planDriverDuty,
  type DriverDuty,
  type DutyKind,
  type DutyProfile,
  type DutySegment,
  type DutyUnit,
} from './duty-plan.js';
export {
  cardTruth,
  dutyCardFor,
  planDutyFleet,
  type CardStint,
  type DutyFleet,
  type DutyFleetOptions,
  type DutyTruck,
} from './duty-fleet.js';
export {
  MOVING_KMH,
  STANDING_DRIVE_MS,
  dutyMotionAgreement,
  type DutyMotionAgreement,
} from './duty-motion.js';
export {
  DEVICE_GAP_MS,
  DUTY_CADENCE,
  HARSH_DUTY_NOISE,
  NO_DUTY_NOISE,
  WORKING_STATE,
  dutyTruckRecords,
  observedTruth,
  type DutyCadence,
  type DutyRecordNoise,
  type DutyRecordOptions,
  type DutyTruckRecords,
} from './duty-records.js';
