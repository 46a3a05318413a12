import {
  IO_TABLES,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  familyOfModel,
  mapAvlRecord,
  type Position,
} from '@rumbo/telematics';
import { describe, expect, it } from 'vitest';
import type { SimRecord } from './sim-record.js';
import { toAvlRecord } from './teltonika-encoding.js';
import { makeTruck } from './test-support/trucks.js';

function throughTheServerDecoder(records: readonly SimRecord[], imei: string): Position[] {
  const message = decodeTeltonikaTcp(encodeCodec8eFrame(records.map(toAvlRecord)));
  if (message.kind !== 'avl') throw new Error(`expected an AVL packet, got ${message.kind}`);
  return message.records.map((raw) => mapAvlRecord(raw, IO_TABLES[familyOfModel('FMC650')], imei));
}

/** The Position a server should store for a simulated record. */
function expectedPosition(r: SimRecord, imei: string): Position {
  const attributes: Position['attributes'] = {
    gsmSignal: r.gsmSignal,
    gnssStatus: 1,
    idling: r.idling ? 1 : 0,
  };
  if (r.eventIoId !== 0) attributes.eventIo = r.eventIoId;
  if (r.harshEvent) {
    attributes.priority = 1;
    attributes.greenDrivingValue = r.harshValue ?? 0;
  }
  return {
    deviceId: imei,
    fixTimeMs: r.fixTimeMs,
    lat: r.lat,
    lng: r.lng,
    altitudeM: r.altitudeM,
    headingDeg: r.headingDeg,
    speedKmh: r.speedKmh,
    satellites: r.satellites,
    hdop: r.hdop,
    ignition: r.ignition,
    movement: r.movement,
    wheelSpeedKmh: r.wheelSpeedKmh,
    rpm: r.rpm,
    torquePct: r.torquePct,
    pedalPct: r.pedalPct,
    brake: r.brake,
    cruise: r.cruise,
    fuelLevelPct: r.fuelLevelPct,
    fuelUsedL: r.fuelUsedL,
    fuelRateLph: r.fuelRateLph,
    odometerM: r.odometerM,
    engineHours: r.engineHours,
    ureaLevelPct: r.ureaLevelPct,
    serviceDistanceKm: r.serviceDistanceKm,
    powerV: r.powerV,
    batteryV: r.batteryV,
    ...(r.driverCode === undefined ? {} : { driverCode: r.driverCode }),
    ...(r.harshEvent === undefined ? {} : { harshEvent: r.harshEvent }),
    ...(r.temperatureC === undefined ? {} : { temperaturesC: [r.temperatureC] }),
    ...(r.dm1 === undefined
      ? {}
      : {
          dtcs: r.dm1.flatMap((d) =>
            d.faults.map((f) => ({
              standard: 'j1939' as const,
              spn: f.spn,
              fmi: f.fmi,
              occurrences: 1,
              lamps: {
                mil: (d.lamps & 0xc0) === 0x40,
                redStop: (d.lamps & 0x30) === 0x10,
                amber: (d.lamps & 0x0c) === 0x04,
                protect: (d.lamps & 0x03) === 0x01,
              },
            })),
          ),
        }),
    attributes,
  };
}

describe('the FMB640 encoding of simulated records', () => {
  it('gives every simulated signal back through decodeTeltonikaTcp and mapAvlRecord', () => {
    const truck = makeTruck(0, { rates: { harshBrake: 1 / 600 } });
    const records = truck.tick(26 * 3_600_000);
    expect(records.some((r) => r.harshEvent === 'brake')).toBe(true);
    expect(records.some((r) => r.cruise)).toBe(true);
    expect(records.some((r) => r.serviceDistanceKm < 0 || r.serviceDistanceKm > 0)).toBe(true);
    const imei = truck.identity.imei;
    // hdop, volts and temperatures go through fixed-point scales: compare them at their resolution.
    const atResolution = (p: Position): Position => ({
      ...p,
      hdop: Math.round(p.hdop! * 10),
      powerV: Math.round(p.powerV! * 1000),
      batteryV: Math.round(p.batteryV! * 1000),
      ...(p.temperaturesC === undefined
        ? {}
        : { temperaturesC: p.temperaturesC.map((t) => (t === null ? t : Math.round(t * 10))) }),
    });
    const decoded: Position[] = [];
    for (let i = 0; i < records.length; i += 50) {
      decoded.push(...throughTheServerDecoder(records.slice(i, i + 50), imei));
    }
    expect(decoded.map(atResolution)).toEqual(
      records.map((r) => atResolution(expectedPosition(r, imei))),
    );
  });

  it('sends a negative service distance as a signed value', () => {
    const [record] = makeTruck(0).tick(1000);
    const [position] = throughTheServerDecoder([{ ...record!, serviceDistanceKm: -1234 }], '1');
    expect(position?.serviceDistanceKm).toBe(-1234);
  });

  it('keeps a 50-record packet within what the server frames', () => {
    const records = makeTruck(1)
      .tick(12 * 3_600_000)
      .slice(0, 50);
    const frame = encodeCodec8eFrame(records.map(toAvlRecord));
    expect(frame.length).toBeLessThan(50 * 255);
    expect(decodeTeltonikaTcp(frame)).toMatchObject({ kind: 'avl', records: { length: 50 } });
  });
});
