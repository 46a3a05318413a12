import { describe, expect, it } from 'vitest';
import {
  decodeDm1Lamps,
  decodeDm1Value,
  decodeJ1939DtcBytes,
  decodeObdCodeList,
  dtcCode,
  normaliseObdCode,
  obdCodeFromRaw,
  severityOf,
} from './dtc.js';

const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

describe('J1939 DTC decoding (J1939-73 conversion method 4)', () => {
  it('reads SPN (19 bits), FMI, conversion method and occurrence count from the 4 bus bytes', () => {
    // SPN 110 = 0x6E: byte0 = 0x6E, byte1 = 0x00, byte2 = (0 << 5) | FMI 0 = 0x00; byte3 = OC 3.
    expect(decodeDm1Value(hex('6e000003'))).toEqual([
      { standard: 'j1939', spn: 110, fmi: 0, occurrences: 3 },
    ]);
    // SPN 1761 = 0x06E1: byte0 = 0xE1, byte1 = 0x06, byte2 = FMI 1 = 0x01; byte3 = OC 1.
    expect(decodeDm1Value(hex('e1060101'))).toEqual([
      { standard: 'j1939', spn: 1761, fmi: 1, occurrences: 1 },
    ]);
    // SPN 520192 = 0x7F000: bits 0–7 = 0x00, bits 8–15 = 0xF0, bits 16–18 = 0b111 → byte2 =
    // 0b111_00000 | FMI 31 = 0xFF; byte3 = 0x85 = CM 1 (top bit) + OC 5 (0x85 & 0x7F).
    expect(decodeJ1939DtcBytes(0x00, 0xf0, 0xff, 0x85)).toEqual({
      standard: 'j1939',
      spn: 520192,
      fmi: 31,
      occurrences: 5,
    });
    // Largest SPN 0x7FFFF = 524287 with FMI 2: byte2 = 0xE0 | 0x02 = 0xE2.
    expect(decodeJ1939DtcBytes(0xff, 0xff, 0xe2, 0x01)).toMatchObject({ spn: 524287, fmi: 2 });
  });

  it('treats the all-zero DTC as "no active fault" and all ones as not available', () => {
    expect(decodeDm1Value(hex('00000000'))).toEqual([]);
    expect(decodeDm1Value(hex('ffffffff'))).toBeUndefined();
    expect(decodeDm1Value(hex('6e0000'))).toBeUndefined();
  });

  it('reads the lamp status byte: 2 bits per lamp, 01 = on', () => {
    // 0x14 = 00 01 01 00: MIL 00 off, red stop 01 on, amber 01 on, protect 00 off.
    expect(decodeDm1Lamps(0x14)).toEqual({
      mil: false,
      redStop: true,
      amber: true,
      protect: false,
    });
    // 0x40 = 01 00 00 00: MIL only.
    expect(decodeDm1Lamps(0x40)).toEqual({
      mil: true,
      redStop: false,
      amber: false,
      protect: false,
    });
    // 0xFF = 11 11 11 11: every lamp "not available", none on.
    expect(decodeDm1Lamps(0xff)).toEqual({
      mil: false,
      redStop: false,
      amber: false,
      protect: false,
    });
    // 0x01 = protect only.
    expect(decodeDm1Lamps(0x01).protect).toBe(true);
  });

  it('reads a whole DM1 data field: lamps, flash, then DTCs sharing those lamps', () => {
    // 0x10 = 00 01 00 00: red stop on; flash 0xFF; SPN 100 (0x64) FMI 1 OC 1; SPN 110 FMI 0 OC 2.
    const lamps = { mil: false, redStop: true, amber: false, protect: false };
    expect(decodeDm1Value(hex('10ff640001016e000002'))).toEqual([
      { standard: 'j1939', spn: 100, fmi: 1, occurrences: 1, lamps },
      { standard: 'j1939', spn: 110, fmi: 0, occurrences: 2, lamps },
    ]);
    // Lamps with the placeholder DTC: no active fault.
    expect(decodeDm1Value(hex('00ff00000000'))).toEqual([]);
  });

  it('gives severity from the lamps: red stop, amber, MIL, else info', () => {
    expect(severityOf(decodeDm1Lamps(0x14))).toBe('critical');
    expect(severityOf(decodeDm1Lamps(0x04))).toBe('warning');
    expect(severityOf(decodeDm1Lamps(0x40))).toBe('emissions');
    expect(severityOf(decodeDm1Lamps(0x01))).toBe('info');
    expect(severityOf(undefined)).toBe('info');
  });
});

describe('OBD-II codes as mechanics read them', () => {
  it('decodes the 2-byte SAE J2012 form', () => {
    // 0x0217: bits 15–14 = 00 → P, bits 13–12 = 00 → 0, low 12 bits 0x217 → P0217.
    expect(obdCodeFromRaw(0x0217)).toBe('P0217');
    // 0xC123 = 11 00 0001 0010 0011: U, 0, 0x123 → U0123.
    expect(obdCodeFromRaw(0xc123)).toBe('U0123');
    // 0x4301 = 01 00 0011 0000 0001: C, 0, 0x301 → C0301.
    expect(obdCodeFromRaw(0x4301)).toBe('C0301');
    // 0x9A0F = 10 01 1010 0000 1111: B, 1, 0xA0F → B1A0F.
    expect(obdCodeFromRaw(0x9a0f)).toBe('B1A0F');
    expect(obdCodeFromRaw(0)).toBeUndefined();
  });

  it('normalises IO 281 lists: case, raw hex, junk and repeats', () => {
    expect(normaliseObdCode(' p0217 ')).toBe('P0217');
    expect(normaliseObdCode('0420')).toBe('P0420');
    expect(normaliseObdCode('X1234')).toBeUndefined();
    expect(decodeObdCodeList('P0101, p0420;P0101 junk')).toEqual([
      { standard: 'obd', code: 'P0101' },
      { standard: 'obd', code: 'P0420' },
    ]);
    expect(decodeObdCodeList('')).toEqual([]);
  });

  it('shows each code as mechanics read it', () => {
    expect(dtcCode({ standard: 'j1939', spn: 110, fmi: 0 })).toBe('SPN 110 / FMI 0');
    expect(dtcCode({ standard: 'obd', code: 'P0217' })).toBe('P0217');
  });
});
