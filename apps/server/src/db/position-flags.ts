/** Bits of `positions.flags`: how booleans and provenance of a stored record are packed. */
export const FLAG = {
  ignition: 1,
  movement: 2,
  brake: 4,
  cruise: 8,
  pto: 16,
  kickdown: 32,
  implausible: 64,
  wheelSpeed: 128,
  ignitionKnown: 256,
} as const;
