import { describe, expect, it } from 'vitest';
import type { Dtc, DtcLamps } from '../position.js';
import { DEFAULT_REDUCER_SETTINGS } from '../reducer/reducer-settings.js';
import { buildTrack, factsOf, run, secondsOf, type Segment } from '../reducer/scenario.helpers.js';
import { toSample } from '../reducer/sample.js';
import { faultDetector } from './fault.detector.js';

const OFF: DtcLamps = { mil: false, redStop: false, amber: false, protect: false };
const AMBER: DtcLamps = { ...OFF, amber: true };
const RED: DtcLamps = { ...OFF, redStop: true };
const MIL: DtcLamps = { ...OFF, mil: true };
const coolant = (lamps: DtcLamps = AMBER, occurrences = 1): Dtc => ({
  standard: 'j1939',
  spn: 110,
  fmi: 0,
  occurrences,
  lamps,
});
const oil = (lamps: DtcLamps = RED): Dtc => ({ standard: 'j1939', spn: 100, fmi: 1, lamps });
const obd: Dtc = { standard: 'obd', code: 'P0217' };

/** Driving with a DM1 report in every record (60 s apart). */
const reporting = (forS: number, dtcs: Dtc[], patch: Segment['with'] = {}): Segment => ({
  forS,
  everyS: 60,
  speedKmh: 60,
  with: { dtcs, ...patch },
});
/** Driving without a report. */
const silentOn = (forS: number): Segment => ({ forS, everyS: 60, speedKmh: 60 });
const parked = (forS: number): Segment => ({ forS, everyS: 600, speedKmh: 0, ignition: false });

function episodes(segments: Segment[]) {
  const { facts } = run(buildTrack(segments, { withOdometer: true }));
  const faults = factsOf(facts, 'fault');
  const closed = faults.filter((f) => f.end);
  const open = new Map<string, (typeof faults)[number]>();
  for (const f of faults) if (!f.end) open.set(`${f.code}|${f.start.timeMs}`, f);
  for (const f of closed) open.delete(`${f.code}|${f.start.timeMs}`);
  return {
    /** [code, start s, end s | null, end reason, severity] of each episode, closed ones first. */
    rows: [...closed, ...open.values()]
      .sort((a, b) => a.code.localeCompare(b.code) || a.start.timeMs - b.start.timeMs)
      .map((f) => [
        f.code,
        secondsOf(f.start.timeMs),
        f.end ? secondsOf(f.end.timeMs) : null,
        f.endReason ?? null,
        f.severity,
      ]),
    fcr: factsOf(facts, 'event')
      .filter((e) => e.code === 'FCR')
      .map((e) => [secondsOf(e.startTimeMs), e.data?.['dtc']]),
    faults,
  };
}

const C = 'SPN 110 / FMI 0';
const O = 'SPN 100 / FMI 1';

describe('fault episodes (§9)', () => {
  // [scenario, segments, episodes [code, start s, end s, reason, severity], FCR [s, code]]
  const table: [string, Segment[], unknown[][], unknown[][]][] = [
    [
      'opens at the first report and closes at the first of 2 reports without the code',
      [reporting(600, [coolant()]), reporting(600, [])],
      [[C, 0, 600, 'absent', 'warning']],
      [],
    ],
    [
      'one report without the code does not close it',
      [
        reporting(300, [coolant()]),
        reporting(60, []),
        reporting(300, [coolant()]),
        reporting(120, []),
      ],
      [[C, 0, 660, 'absent', 'warning']],
      [],
    ],
    [
      'survives an ignition cycle (the device clears DM1 at ignition off and reports it again)',
      [reporting(600, [coolant()]), parked(7200), reporting(600, [coolant()]), reporting(120, [])],
      [[C, 0, 8400, 'absent', 'warning']],
      [],
    ],
    [
      'survives a reporting gap with ignition on (unknown time is not quiet time)',
      [
        reporting(300, [coolant()]),
        { forS: 3000, everyS: 3000, speedKmh: 60 },
        reporting(300, [coolant()]),
      ],
      [[C, 0, null, null, 'warning']],
      [],
    ],
    [
      'closes after 10 min of ignition on without any report',
      [reporting(300, [coolant()]), silentOn(900)],
      [[C, 0, 840, 'quiet', 'warning']],
      [],
    ],
    [
      'ignition-off time does not count towards the 10 min',
      [reporting(300, [coolant()]), parked(36_000), silentOn(300)],
      [[C, 0, null, null, 'warning']],
      [],
    ],
    [
      'a red stop lamp raises FCR once per episode, and again for a new episode',
      [reporting(600, [oil()]), reporting(120, []), reporting(300, [oil()]), reporting(120, [])],
      [
        [O, 0, 600, 'absent', 'critical'],
        [O, 720, 1020, 'absent', 'critical'],
      ],
      [
        [0, O],
        [720, O],
      ],
    ],
    [
      'an episode that escalates from amber to red stop raises FCR at the escalation',
      [reporting(300, [coolant(AMBER)]), reporting(300, [coolant(RED)]), reporting(120, [])],
      [[C, 0, 600, 'absent', 'critical']],
      [[300, C]],
    ],
    [
      'codes are separate episodes; an OBD report does not close J1939 ones',
      [reporting(300, [coolant(MIL), oil(OFF)]), reporting(300, [obd]), reporting(120, [])],
      [
        ['P0217', 300, 600, 'absent', 'info'],
        [O, 0, 600, 'absent', 'info'],
        [C, 0, 600, 'absent', 'emissions'],
      ],
      [],
    ],
  ];

  for (const [name, segments, expected, fcr] of table) {
    it(name, () => {
      const got = episodes(segments);
      expect(got.rows).toEqual(expected);
      expect(got.fcr).toEqual(fcr);
    });
  }

  it('keeps odometer, engine hours and place at open and close', () => {
    const { faults } = episodes([
      reporting(600, [coolant()], { engineHours: 1000 }),
      reporting(600, [], { engineHours: 1000.2 }),
    ]);
    const closed = faults.find((f) => f.end)!;
    expect(closed.start).toMatchObject({ odometerM: 100_000_000, engineHours: 1000 });
    // Closed at 600 s: 600 s at 60 km/h = 10 000 m further east.
    expect(closed.end).toMatchObject({ odometerM: 100_010_000, engineHours: 1000.2 });
    expect(closed.end!.lng!).toBeGreaterThan(closed.start.lng!);
  });

  it('emits a change when the occurrence count moves, not for every report', () => {
    const { faults } = episodes([
      reporting(600, [coolant(AMBER, 1)]),
      reporting(300, [coolant(AMBER, 2)]),
      reporting(120, []),
    ]);
    expect(faults.map((f) => [secondsOf(f.atMs), f.occurrences, f.end ? 'close' : 'open'])).toEqual(
      [
        [0, 1, 'open'],
        [600, 2, 'open'],
        // Closed at 900 s (the first report without it), found at 960 s (the second).
        [960, 2, 'close'],
      ],
    );
  });

  it('allocates nothing for records without a report while nothing is open', () => {
    const settings = DEFAULT_REDUCER_SETTINGS;
    const [a, b] = buildTrack([silentOn(120)]).map((p) => toSample(p, [], settings));
    const slice = faultDetector.initial;
    const out = faultDetector.step(slice, { sample: b!, prev: a, isGap: false }, {}, settings);
    expect(out.slice).toBe(slice);
    expect(out.facts).toHaveLength(0);
  });
});
