// Facts for integration tests as live ingest makes them: records stepped through the default
// detector chain, the facts stored through the real sinks.
import {
  initialDeviceState,
  step,
  type DeviceFact,
  type DeviceState,
  type Position,
  type VehicleContext,
} from '@rumbo/telematics';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { tenantIdOf } from './api.js';
import { defaultSinks } from '../src/pipeline/sinks/index.js';

/** Steps a vehicle's records through the default chain and stores the facts; answers them. */
export async function storeThroughChain(
  db: Kysely<Database>,
  vehicleId: number,
  positions: readonly Position[],
  context: VehicleContext = {},
): Promise<DeviceFact[]> {
  const tenantId = await tenantIdOf(db, vehicleId);
  const sinks = defaultSinks();
  const rows = sinks.empty();
  const facts: DeviceFact[] = [];
  let state: DeviceState = initialDeviceState();
  for (const p of positions) {
    const r = step(state, p, undefined, { context });
    state = r.state;
    for (const f of r.facts) {
      facts.push(f);
      sinks.collect(rows, { vehicleId, tenantId }, f);
    }
  }
  await db.transaction().execute((trx) => sinks.write(trx, [rows]));
  return facts;
}
