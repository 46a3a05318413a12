import { describe, expect, it } from 'vitest';
import {
  IO_TABLES,
  defineIoTable,
  familyOfModel,
  FMB1XX_IO_RULES,
  withIoOverrides,
} from './io-tables.js';
import { mapAvlRecord } from './io-mapping.js';
import type { AvlIoElement, IoGroup, RawAvlRecord } from './teltonika.types.js';

function el(id: number, group: IoGroup, hex: string): AvlIoElement {
  return { id, group, value: Buffer.from(hex, 'hex') };
}

function record(io: AvlIoElement[], extra: Partial<RawAvlRecord> = {}): RawAvlRecord {
  return {
    timestampMs: Date.UTC(2025, 5, 1, 8),
    priority: 0,
    lng: -3.7,
    lat: 40.4,
    altitudeM: 650,
    angleDeg: 90,
    satellites: 11,
    speedKmh: 72,
    eventIoId: 0,
    io,
    ...extra,
  };
}

const fmb640 = (io: AvlIoElement[], extra?: Partial<RawAvlRecord>) =>
  mapAvlRecord(record(io, extra), IO_TABLES.fmb640, 'imei-1');
const fmb1xx = (io: AvlIoElement[]) => mapAvlRecord(record(io), IO_TABLES.fmb1xx, 'imei-2');

describe('mapAvlRecord', () => {
  it('copies the GPS block into the Position', () => {
    expect(fmb640([])).toEqual({
      deviceId: 'imei-1',
      fixTimeMs: Date.UTC(2025, 5, 1, 8),
      lat: 40.4,
      lng: -3.7,
      altitudeM: 650,
      headingDeg: 90,
      speedKmh: 72,
      satellites: 11,
      attributes: {},
    });
  });

  it('leaves GNSS speed undefined on a record without a fix (0 satellites)', () => {
    expect(fmb640([], { satellites: 0, speedKmh: 0 }).speedKmh).toBeUndefined();
  });

  it('maps FMB640 FMS values with their units', () => {
    const p = fmb640([
      el(239, 1, '01'),
      el(240, 1, '00'),
      el(81, 1, '01'),
      el(79, 1, '00'),
      el(80, 4, '00000050'),
      el(84, 4, '00000019'),
      el(88, 4, '000005dc'),
      el(86, 4, '0001e240'),
      el(87, 4, '0000003c'),
      el(192, 4, '05f5e100'),
      el(104, 4, '00002710'),
      el(10455, 1, '2d'),
      el(66, 2, '6d60'),
    ]);
    expect(p).toMatchObject({
      ignition: true,
      movement: false,
      cruise: true,
      brake: false,
      wheelSpeedKmh: 80,
      pedalPct: 25,
      rpm: 1500,
      fuelUsedL: 123456,
      fuelLevelPct: 60,
      odometerM: 100_000_000,
      engineHours: 10_000,
      ureaLevelPct: 45,
      powerV: 28,
    });
  });

  it('keeps FMS "not available" values undefined, never 0', () => {
    const p = fmb640([
      el(88, 4, 'ffffffff'),
      el(87, 4, 'ffffffff'),
      el(10455, 1, 'ff'),
      el(84, 4, '000000fe'),
      el(81, 1, 'ff'),
    ]);
    expect(p.rpm).toBeUndefined();
    expect(p.fuelLevelPct).toBeUndefined();
    expect(p.ureaLevelPct).toBeUndefined();
    expect(p.pedalPct).toBeUndefined();
    expect(p.cruise).toBeUndefined();
    expect(p.attributes).toEqual({});
  });

  it('keeps a real zero as 0', () => {
    expect(fmb640([el(88, 4, '00000000')]).rpm).toBe(0);
  });

  it('scales FMB1xx CAN-adapter values', () => {
    const p = fmb1xx([
      el(81, 1, '3c'),
      el(83, 4, '000004d2'),
      el(84, 2, '0fa0'),
      el(89, 1, '32'),
      el(110, 2, '00fa'),
      el(102, 4, '00000e10'),
      el(87, 4, '000186a0'),
      el(85, 2, '0384'),
    ]);
    expect(p.wheelSpeedKmh).toBe(60);
    expect(p.fuelUsedL).toBeCloseTo(123.4);
    expect(p.fuelLevelL).toBeCloseTo(400);
    expect(p.fuelLevelPct).toBe(50);
    expect(p.fuelRateLph).toBeCloseTo(25);
    expect(p.engineHours).toBeCloseTo(60);
    expect(p.odometerM).toBe(100_000);
    expect(p.rpm).toBe(900);
  });

  it('reads the same id differently per family', () => {
    const io = [el(87, 4, '00000032')];
    expect(fmb640(io)).toMatchObject({ fuelLevelPct: 50 });
    expect(fmb640(io).odometerM).toBeUndefined();
    expect(fmb1xx(io)).toMatchObject({ odometerM: 50 });
  });

  it('prefers the FMS value over the LV-CAN fallback whatever the wire order', () => {
    expect(fmb640([el(36, 4, '00000001'), el(192, 4, '00000002')]).odometerM).toBe(2);
    expect(fmb640([el(36, 4, '00000001')]).odometerM).toBe(1);
    expect(fmb640([el(36, 4, '00000001'), el(192, 4, 'ffffffff')]).odometerM).toBe(1);
  });

  it('joins the two tachograph halves into the driver code, else uses the iButton', () => {
    const card = fmb640([
      el(195, 8, Buffer.from('E1234567').toString('hex')),
      el(196, 8, Buffer.from('89012300').toString('hex')),
    ]);
    expect(card.driverCode).toBe('E123456789012300');
    expect(fmb640([el(78, 8, '01000019b2c3d4e5')]).driverCode).toBe('01000019B2C3D4E5');
    expect(fmb640([el(78, 8, '0000000000000000')]).driverCode).toBeUndefined();
  });

  it('reads both tachograph slots: working states (184, 185), card presence and card 2 (197/198)', () => {
    const p = fmb640([
      el(184, 1, '03'),
      el(185, 1, '01'),
      el(187, 1, '01'),
      el(197, 8, Buffer.from('E7654321').toString('hex')),
      el(198, 8, Buffer.from('00000002').toString('hex')),
    ]);
    expect(p.attributes).toMatchObject({
      driver1WorkingState: 3,
      driver2WorkingState: 1,
      driver1CardPresence: 1,
      driver2Code: 'E765432100000002',
    });
    expect(p.driverCode).toBeUndefined();
  });

  it('turns the green-driving event into a harsh event', () => {
    expect(fmb640([el(253, 1, '01')]).harshEvent).toBe('accel');
    expect(fmb640([el(253, 1, '02')]).harshEvent).toBe('brake');
    expect(fmb640([el(253, 1, '03')]).harshEvent).toBe('corner');
    expect(fmb640([el(253, 1, '07')]).harshEvent).toBeUndefined();
  });

  it('reads the crash detection (IO 247, 1–6) as a crash', () => {
    expect(fmb640([el(247, 1, '01')]).crash).toBe(true);
    expect(fmb640([el(247, 1, '06')]).crash).toBe(true);
    expect(fmb640([el(247, 1, '00')]).crash).toBe(false);
    expect(fmb640([]).crash).toBeUndefined();
  });

  it('keeps unmapped ids as io<id> attributes, wide ones as hex', () => {
    const p = fmb640([el(9999, 2, '0102'), el(11317, 'X', 'abcdef')], {
      priority: 1,
      eventIoId: 253,
    });
    expect(p.attributes).toEqual({ io9999: 0x0102, io11317: 'abcdef', priority: 1, eventIo: 253 });
  });

  it('reads signed service distance and Dallas temperatures with their error codes', () => {
    const p = fmb640([
      el(113, 4, 'fffffc18'),
      el(72, 4, '000000d7'),
      el(73, 4, '00000bb8'),
      el(74, 4, 'ffffff9c'),
    ]);
    expect(p.serviceDistanceKm).toBe(-1000);
    expect(p.temperaturesC?.map((t) => (t === null ? null : Math.round(t * 10) / 10))).toEqual([
      21.5,
      null,
      -10,
    ]);
  });

  it('decodes a J1939 DM1 trouble code and OBD text codes', () => {
    // SPN 110 (0x6E), FMI 3, occurrence count 5.
    expect(fmb640([el(10493, 4, '6e000305')]).dtcs).toEqual([
      { standard: 'j1939', spn: 110, fmi: 3, occurrences: 5 },
    ]);
    expect(fmb640([el(10493, 4, '00000000')]).dtcs).toEqual([]);
    expect(fmb1xx([el(281, 'X', Buffer.from('P0101,P0420').toString('hex'))]).dtcs).toEqual([
      { standard: 'obd', code: 'P0101' },
      { standard: 'obd', code: 'P0420' },
    ]);
  });

  it('supports per-model tables, e.g. brake and cruise as bits of IO 123', () => {
    const table = defineIoTable('fmb140-fw-x', [
      { kind: 'flag', id: 123, field: 'brake', bit: 0 },
      { kind: 'flag', id: 123, field: 'cruise', bit: 4 },
      ...FMB1XX_IO_RULES,
    ]);
    const p = mapAvlRecord(record([el(123, 4, '00000011')]), table, 'x');
    expect(p).toMatchObject({ brake: true, cruise: true, attributes: { controlStateFlags: 0x11 } });
  });
});

describe('familyOfModel', () => {
  it.each([
    ['FMB640', 'fmb640'],
    ['FMC650', 'fmb640'],
    ['fmm640', 'fmb640'],
    ['FMB630', 'fmb640'],
    ['FMB130', 'fmb1xx'],
    ['FMC150', 'fmb1xx'],
    ['FMB920', 'fmb1xx'],
    ['', 'fmb640'],
    [undefined, 'fmb640'],
    ['GT06', 'fmb640'],
  ] as const)('%s → %s', (model, family) => {
    expect(familyOfModel(model)).toBe(family);
  });
});

describe('withIoOverrides', () => {
  it('replaces the base rules of an overridden IO id and keeps the others', () => {
    const table = withIoOverrides(
      IO_TABLES.fmb640,
      [{ kind: 'number', id: 87, field: 'fuelLevelL', scale: 0.5 }],
      'custom',
    );
    const p = mapAvlRecord(record([el(87, 1, '64'), el(88, 2, '0514')]), table, 'imei-3');
    expect(p.fuelLevelL).toBe(50);
    expect(p.fuelLevelPct).toBeUndefined();
    expect(p.rpm).toBe(1300);
  });

  it('lets an override win over a base rule of another id for the same field', () => {
    const table = withIoOverrides(
      IO_TABLES.fmb640,
      [{ kind: 'number', id: 36, field: 'odometerM', scale: 1000 }],
      'lvcan-first',
    );
    const p = mapAvlRecord(
      record([el(192, 4, '000003e8'), el(36, 4, '00000002')]),
      table,
      'imei-4',
    );
    expect(p.odometerM).toBe(2000);
    expect(mapAvlRecord(record([el(192, 4, '000003e8')]), table, 'imei-4').odometerM).toBe(1000);
  });

  it('returns the base table itself without overrides', () => {
    expect(withIoOverrides(IO_TABLES.fmb1xx, [], 'x')).toBe(IO_TABLES.fmb1xx);
  });
});
