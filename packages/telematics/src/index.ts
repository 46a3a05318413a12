// Public API of @rumbo/telematics: pure domain code (no I/O, clock, randomness, env or logging).

export * from './position.js';
export * from './units.js';
export { haversineM, EARTH_RADIUS_M } from './geo.js';
export {
  DEVICE_ID_MAX_LENGTH,
  isSafeDeviceId,
  toStorableText,
  toStorableAttributes,
  withStorableText,
} from './device-text.js';

export { crc16Ibm } from './teltonika/crc16.js';
export {
  TELTONIKA_MAX_DATA_BYTES,
  TeltonikaFramer,
  type TeltonikaFramerOptions,
} from './teltonika/teltonika.framer.js';
export { decodeTeltonikaTcp, decodeTeltonikaUdp } from './teltonika/teltonika.decoder.js';
export { loginReply, encodeAvlReply, encodeUdpReply } from './teltonika/teltonika.replies.js';
export * from './teltonika/teltonika.encoder.js';
export type * from './teltonika/teltonika.types.js';
export * from './teltonika/io-tables.js';
export { mapAvlRecord, decodeIoNumber } from './teltonika/io-mapping.js';

export * from './osmand/osmand.decoder.js';

export * from './reducer/reducer-settings.js';
export type * from './reducer/facts.js';
export type { Sample } from './reducer/sample.js';
export { selectSpeedKmh, STANDARD_GRAVITY_MPS2, toSample } from './reducer/sample.js';
export {
  counterDelta,
  counterLimit,
  type CounterName,
  type CounterBaseline,
} from './reducer/counters.js';
export type { TripAccumulator, StopAccumulator } from './reducer/trip-accumulator.js';
export {
  step,
  replay,
  statusAt,
  initialDeviceState,
  statusStateOf,
  liveStatusOf,
  motionStateOf,
  sliceOf,
  type DeviceState,
  type StepOptions,
  type StepResult,
} from './reducer/device.reducer.js';

export * from './detectors/detector.js';
export * from './capability.js';
// Each capability's public face and the chains built from the list (src/capabilities/index.ts).
export * from './capabilities/index.js';
export * from './detectors/alert-codes.js';
export {
  speedDetector,
  enabledSpeedLevels,
  type SpeedState,
  type SpeedEpisode,
} from './detectors/speed.detector.js';
export {
  stopDetector,
  type StopAlertState,
  type StopRun,
  type IdleWatch,
} from './detectors/stop.detector.js';
export { harshDetector, type HarshState, type HarshRun } from './detectors/harsh.detector.js';
export { deviceDetector, type DeviceAlertState } from './detectors/device.detector.js';
export {
  driverDetector,
  type DriverAlertState,
  type NoCodeRun,
} from './detectors/driver.detector.js';
export {
  temperatureDetector,
  type TemperatureState,
  type TemperatureRun,
} from './detectors/temperature.detector.js';
export type { LiveStatus, VehicleStatus, StatusState } from './detectors/status.detector.js';
export { statusAfterSilence, statusDetector } from './detectors/status.detector.js';
export { motionDetector, type MotionState } from './detectors/motion.detector.js';
export {
  zoneDetector,
  type ZoneState,
  type ZoneVisit,
  type PoiVisit,
} from './detectors/zone.detector.js';
export {
  PlaceIndex,
  placesOf,
  zoneSpeedLimitAt,
  type IndexedZone,
  type PlaceIndexOptions,
} from './zones/place-index.js';
export { idleDetector, type IdleState, type IdleRun } from './detectors/idle.detector.js';
export { fuelDetector, type FuelState } from './detectors/fuel.detector.js';
export * from './fuel/tank.js';
export {
  bucketOf,
  rollupDeltas,
  sampleDeltas,
  rollupDetector,
  ROLLUP_BUCKET_MS,
  type RollupDeltas,
} from './detectors/rollup.detector.js';
export {
  indicatorsDetector,
  INDICATOR_THRESHOLDS,
  INITIAL_INDICATORS,
  type IndicatorState,
  type IndicatorThresholds,
  type OverLimitRun,
} from './detectors/indicators.detector.js';
export * from './analysis/scores.js';

export * from './maintenance/forecast.js';
export * from './diagnostics/dtc.js';
export * from './places/place.js';

// Driving and rest times (issue 26): the rule engine, its types and the EU 561/2006 rule set.
export * from './driving-times/index.js';
