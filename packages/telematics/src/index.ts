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
export { selectSpeedKmh } from './reducer/sample.js';
export {
  counterDelta,
  counterLimit,
  type CounterName,
  type CounterBaseline,
} from './reducer/counters.js';
export type { LiveStatus, VehicleStatus, StatusState } from './reducer/status.js';
export { statusAfterSilence } from './reducer/status.js';
export type { MotionState } from './reducer/motion.js';
export type { TripAccumulator, StopAccumulator } from './reducer/trip-accumulator.js';
export {
  step,
  replay,
  statusAt,
  initialDeviceState,
  type DeviceState,
  type StepResult,
} from './reducer/device.reducer.js';
export {
  bucketOf,
  rollupDeltas,
  rollupBetween,
  type RollupDeltas,
  type SampledPosition,
} from './reducer/rollup.js';
