// A capability (issue 24): one rule family of the product — faults, planned trips, fuel — declared
// once, in a file named after it (src/capabilities/<name>.ts), and listed once
// (src/capabilities/index.ts). The detector chains and the alert code list are built from that
// list; a capability's own fact kinds join the fact union by augmenting `FactMap` (facts.ts) from
// its own file, so the central files are not edited. CONTRIBUTING.md, "Adding a capability".

import type { DetectorChain } from './detectors/detector.js';
import type { FactKind } from './reducer/facts.js';

/** What a capability brings to the detector chain. */
export interface Capability {
  /** Its name, the name of its file (kebab-case). */
  readonly name: string;
  /** Detectors every record feeds whatever the settings (trips, rollups, faults…), in order. */
  readonly detectors?: DetectorChain;
  /** Detectors that raise alert events, in order (left out by a node run with `ALERT_RULES=off`). */
  readonly alertDetectors?: DetectorChain;
  /** The fact kinds its detectors emit besides `event` (declared in FactMap, facts.ts). */
  readonly factKinds?: readonly FactKind[];
  /** The alert codes its detectors raise (the catalogue, domain.md §10). */
  readonly alertCodes?: readonly string[];
}

/** The core chain of a list of capabilities: their `detectors`, in list order. */
export function coreChainOf(capabilities: readonly Capability[]): DetectorChain {
  return Object.freeze(capabilities.flatMap((c) => c.detectors ?? []));
}

/** The alert chain of a list of capabilities: their `alertDetectors`, in list order. */
export function alertChainOf(capabilities: readonly Capability[]): DetectorChain {
  return Object.freeze(capabilities.flatMap((c) => c.alertDetectors ?? []));
}

/** Every alert code the capabilities raise, in list order. */
export function alertCodesOf(capabilities: readonly Capability[]): readonly string[] {
  return Object.freeze(capabilities.flatMap((c) => c.alertCodes ?? []));
}
