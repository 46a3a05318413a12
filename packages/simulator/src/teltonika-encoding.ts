// A simulated record as an FMB640-family AVL record: the IO ids and widths of FMB640_IO_RULES
// (packages/telematics io-tables.ts), raw values scaled so that mapAvlRecord(raw, IO_TABLES.fmb640)
// gives the simulated values back. Sizes per /work/shared/fixtures/devices/teltonika-io.md.

import type { AvlIoInput, AvlRecordInput } from '@rumbo/telematics';
import type { SimRecord } from './sim-record.js';
import { dm1Bytes } from './truck-faults.js';

const flag = (value: boolean): number => (value ? 1 : 0);

/** The Teltonika IO id of each signal the simulator sends (FMB640 family). */
export const FMB640_IO = {
  ignition: 239,
  movement: 240,
  gsmSignal: 21,
  gnssStatus: 69,
  idling: 243,
  greenDrivingType: 253,
  greenDrivingValue: 254,
  cruise: 81,
  brake: 79,
  torquePct: 85,
  ureaLevelPct: 10455,
  powerMv: 66,
  batteryMv: 67,
  hdopX10: 182,
  fuelRateLph: 135,
  wheelSpeedKmh: 80,
  pedalPct: 84,
  rpm: 88,
  fuelUsedL: 86,
  fuelLevelPct: 87,
  odometerM: 192,
  engineHours: 104,
  serviceDistanceKm: 113,
  driverCardHigh: 195,
  driverCardLow: 196,
  driver2CardHigh: 197,
  driver2CardLow: 198,
  driver1State: 184,
  driver2State: 185,
  driver1CardPresence: 187,
  temperature1: 72,
  dm1: 10493,
} as const;

const GREEN_DRIVING_TYPE = { accel: 1, brake: 2, corner: 3 } as const;

function driverCardHalves(code: string): [Buffer, Buffer] {
  const card = Buffer.alloc(16); // NUL-padded ASCII, as the tachograph sends shorter ids
  card.write(code.slice(0, 16), 'latin1');
  return [card.subarray(0, 8), card.subarray(8, 16)];
}

/** The AVL record a simulated FMB640/FMC650 sends for `record` (for `encodeCodec8eFrame`). */
export function toAvlRecord(record: SimRecord): AvlRecordInput {
  const io: AvlIoInput[] = [
    { id: FMB640_IO.ignition, group: 1, value: flag(record.ignition) },
    { id: FMB640_IO.movement, group: 1, value: flag(record.movement) },
    { id: FMB640_IO.gsmSignal, group: 1, value: record.gsmSignal },
    { id: FMB640_IO.gnssStatus, group: 1, value: 1 },
    { id: FMB640_IO.idling, group: 1, value: flag(record.idling) },
    { id: FMB640_IO.cruise, group: 1, value: flag(record.cruise) },
    { id: FMB640_IO.brake, group: 1, value: flag(record.brake) },
    { id: FMB640_IO.torquePct, group: 1, value: record.torquePct },
    { id: FMB640_IO.ureaLevelPct, group: 1, value: record.ureaLevelPct },
    { id: FMB640_IO.powerMv, group: 2, value: Math.round(record.powerV * 1000) },
    { id: FMB640_IO.batteryMv, group: 2, value: Math.round(record.batteryV * 1000) },
    { id: FMB640_IO.hdopX10, group: 2, value: Math.round(record.hdop * 10) },
    { id: FMB640_IO.fuelRateLph, group: 2, value: record.fuelRateLph },
    { id: FMB640_IO.wheelSpeedKmh, group: 4, value: record.wheelSpeedKmh },
    { id: FMB640_IO.pedalPct, group: 4, value: record.pedalPct },
    { id: FMB640_IO.rpm, group: 4, value: record.rpm },
    { id: FMB640_IO.fuelUsedL, group: 4, value: record.fuelUsedL },
    { id: FMB640_IO.fuelLevelPct, group: 4, value: record.fuelLevelPct },
    { id: FMB640_IO.odometerM, group: 4, value: record.odometerM },
    { id: FMB640_IO.engineHours, group: 4, value: record.engineHours },
    { id: FMB640_IO.serviceDistanceKm, group: 4, value: record.serviceDistanceKm },
  ];
  if (record.harshEvent !== undefined) {
    io.push(
      { id: FMB640_IO.greenDrivingType, group: 1, value: GREEN_DRIVING_TYPE[record.harshEvent] },
      { id: FMB640_IO.greenDrivingValue, group: 1, value: record.harshValue ?? 0 },
    );
  }
  if (record.temperatureC !== undefined) {
    // Signed 0.1 °C in 4 bytes (two's complement).
    const raw = Math.round(record.temperatureC * 10);
    io.push({ id: FMB640_IO.temperature1, group: 4, value: raw < 0 ? raw + 2 ** 32 : raw });
  }
  if (record.driverCode !== undefined) {
    const [high, low] = driverCardHalves(record.driverCode);
    io.push(
      { id: FMB640_IO.driverCardHigh, group: 8, value: high },
      { id: FMB640_IO.driverCardLow, group: 8, value: low },
    );
  }
  if (record.driver1State !== undefined) {
    io.push({ id: FMB640_IO.driver1State, group: 1, value: record.driver1State });
  }
  if (record.driver1CardPresence !== undefined) {
    io.push({ id: FMB640_IO.driver1CardPresence, group: 1, value: record.driver1CardPresence });
  }
  if (record.driver2State !== undefined) {
    io.push({ id: FMB640_IO.driver2State, group: 1, value: record.driver2State });
  }
  if (record.driver2Code !== undefined) {
    const [high, low] = driverCardHalves(record.driver2Code);
    io.push(
      { id: FMB640_IO.driver2CardHigh, group: 8, value: high },
      { id: FMB640_IO.driver2CardLow, group: 8, value: low },
    );
  }
  if (record.dm1 !== undefined) {
    // No active fault: the all-zero DTC; else one DM1 data field per ECU (variable length).
    if (record.dm1.length === 0) io.push({ id: FMB640_IO.dm1, group: 4, value: 0 });
    for (const dm1 of record.dm1) io.push({ id: FMB640_IO.dm1, group: 'X', value: dm1Bytes(dm1) });
  }
  return {
    timestampMs: record.fixTimeMs,
    priority: record.harshEvent ? 1 : 0,
    lat: record.lat,
    lng: record.lng,
    altitudeM: record.altitudeM,
    angleDeg: record.headingDeg,
    satellites: record.satellites,
    speedKmh: record.speedKmh,
    eventIoId: record.eventIoId,
    io,
  };
}
