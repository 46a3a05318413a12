// Diagnostic trouble codes (docs/domain.md §9): J1939 DM1 DTCs as FMS devices forward them and
// OBD-II codes as mechanics read them. Pure byte arithmetic; decisions/0026 says what the wire
// forms are and which of them is still to verify against a real device.

import type { Dtc, DtcLamps } from '../position.js';

/** Largest SPN (19 bits). */
export const MAX_SPN = 0x7ffff;

/**
 * One J1939 DTC from its 4 bytes in bus order (J1939-73, conversion method 4): byte 0 = SPN bits
 * 0–7, byte 1 = SPN bits 8–15, byte 2 = SPN bits 16–18 in its top 3 bits and the FMI in its low 5,
 * byte 3 = conversion method (top bit) and occurrence count (low 7). All zero is DM1's "no active
 * fault" placeholder and all ones "not available": both give undefined.
 */
export function decodeJ1939DtcBytes(
  b0: number,
  b1: number,
  b2: number,
  b3: number,
  lamps?: DtcLamps,
): Dtc | undefined {
  if ((b0 | b1 | b2) === 0) return undefined;
  if ((b0 & b1 & b2 & b3) === 0xff) return undefined;
  const spn = b0 | (b1 << 8) | ((b2 >> 5) << 16);
  const dtc: Dtc = { standard: 'j1939', spn, fmi: b2 & 0x1f, occurrences: b3 & 0x7f };
  if (lamps) dtc.lamps = lamps;
  return dtc;
}

/** Lamp status 01 = on; 00 off, 10 reserved and 11 not available count as off. */
const isOn = (byte: number, shift: number) => ((byte >> shift) & 0b11) === 0b01;

/** The DM1 lamp status byte: MIL bits 7–6, red stop 5–4, amber 3–2, protect 1–0. */
export function decodeDm1Lamps(byte: number): DtcLamps {
  return {
    mil: isOn(byte, 6),
    redStop: isOn(byte, 4),
    amber: isOn(byte, 2),
    protect: isOn(byte, 0),
  };
}

/**
 * An IO 10493 value: 4 bytes = one DTC (no lamps); 2 + 4n bytes = the DM1 data field as it goes on
 * the bus (lamp status, lamp flash, then n DTCs), each DTC carrying the message's lamps. `[]` is
 * a report of no active fault (all-zero DTC); undefined a value of no other length, or all ones.
 */
export function decodeDm1Value(value: Uint8Array): Dtc[] | undefined {
  const n = value.length;
  let offset: number;
  let lamps: DtcLamps | undefined;
  if (n === 4) offset = 0;
  else if (n >= 6 && (n - 2) % 4 === 0) {
    offset = 2;
    lamps = decodeDm1Lamps(value[0]!);
  } else return undefined;
  if (value.every((b) => b === 0xff)) return undefined;
  const out: Dtc[] = [];
  for (let i = offset; i + 4 <= n; i += 4) {
    const dtc = decodeJ1939DtcBytes(value[i]!, value[i + 1]!, value[i + 2]!, value[i + 3]!, lamps);
    if (dtc) out.push(dtc);
  }
  return out;
}

const OBD_LETTERS = ['P', 'C', 'B', 'U'] as const;

/**
 * An OBD-II code from its 2 bytes (SAE J2012 as mode 03 returns it): bits 15–14 the letter (P, C,
 * B, U), bits 13–12 the first digit, then three hex digits. 0 means no code.
 */
export function obdCodeFromRaw(raw: number): string | undefined {
  if (!Number.isInteger(raw) || raw <= 0 || raw > 0xffff) return undefined;
  const letter = OBD_LETTERS[raw >> 14]!;
  const digit = (raw >> 12) & 0b11;
  return `${letter}${digit}${(raw & 0xfff).toString(16).toUpperCase().padStart(3, '0')}`;
}

const OBD_TEXT = /^[PCBU][0-3][0-9A-F]{3}$/;
const OBD_RAW = /^[0-9A-F]{4}$/;

/**
 * One token of an OBD fault-code list (IO 281, ASCII) as mechanics read it: `p0217` → `P0217`;
 * four hex digits are the raw J2012 form (`0217` → `P0217`, `C123` → `U0123`); else undefined.
 */
export function normaliseObdCode(token: string): string | undefined {
  const t = token.trim().toUpperCase();
  if (OBD_TEXT.test(t)) return t;
  if (OBD_RAW.test(t)) return obdCodeFromRaw(parseInt(t, 16));
  return undefined;
}

/** An OBD fault-code list (IO 281): tokens split on commas, semicolons or spaces; junk dropped. */
export function decodeObdCodeList(text: string): Dtc[] {
  const out: Dtc[] = [];
  for (const token of text.split(/[,;\s]+/)) {
    const code = normaliseObdCode(token);
    if (code !== undefined && !out.some((d) => d.standard === 'obd' && d.code === code))
      out.push({ standard: 'obd', code });
  }
  return out;
}

/** The code as mechanics read it: `SPN 110 / FMI 0`, or the OBD code (`P0217`). */
export function dtcCode(dtc: Dtc): string {
  return dtc.standard === 'obd' ? dtc.code : `SPN ${dtc.spn} / FMI ${dtc.fmi}`;
}

/** Episode severity (§9): red stop → critical, amber → warning, MIL → emissions, else info. */
export type FaultSeverity = 'critical' | 'warning' | 'emissions' | 'info';

/** Severities, most severe first. */
export const FAULT_SEVERITIES: readonly FaultSeverity[] = [
  'critical',
  'warning',
  'emissions',
  'info',
];

/** The severity lamps give (protect alone, or no lamp, is `info`). */
export function severityOf(lamps: DtcLamps | undefined): FaultSeverity {
  if (!lamps) return 'info';
  if (lamps.redStop) return 'critical';
  if (lamps.amber) return 'warning';
  if (lamps.mil) return 'emissions';
  return 'info';
}
