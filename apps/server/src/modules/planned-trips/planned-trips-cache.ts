import type { Kysely } from 'kysely';
import type { ContextPlannedTrip } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import type { IngestDevice } from '../../lib/ingest-device.js';
import { plansAround, type FollowedPlan } from './planned-trips.repository.js';

// The pipeline's view of planned trips (docs/decisions/0027-planned-trips.md): every tenant's
// plans around now, reloaded every half minute and at once when a plan is saved on any API node
// (the bus, like geofences: src/main/roles/pipeline.role.ts). Each vehicle follows its earliest plan not
// arrived yet; a plan's context object is kept while its revision stands, so the route detector
// compiles each route once.

/** Plans starting within this much are followed (the detector begins an hour before the start). */
const AHEAD_MS = 3 * 3_600_000;
/** Plans whose end passed this long ago are dropped even when never arrived. */
const BEHIND_MS = 12 * 3_600_000;

function contextOf(plan: FollowedPlan): ContextPlannedTrip {
  return {
    id: plan.id,
    route: plan.route,
    corridorM: plan.corridorM,
    stops: plan.stops.map((s) => ({
      lat: s.lat,
      lng: s.lng,
      radiusM: s.radiusM,
      plannedAtMs: Date.parse(s.plannedAt),
    })),
  };
}

/** Where the pipeline finds a vehicle's planned trip (Pipeline.contextFor). */
export class PlannedTripsCache {
  private byVehicle = new Map<number, ContextPlannedTrip>();
  private known = new Map<number, { revision: number; context: ContextPlannedTrip }>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async start(reloadMs: number, onError: (error: unknown) => void): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.reload().catch(onError);
    }, reloadMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the plans again (concurrent calls share one read, then one more after it). */
  reload(): Promise<void> {
    const next = (this.running ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const plans = await plansAround(this.db, this.nowMs(), AHEAD_MS, BEHIND_MS);
        const byVehicle = new Map<number, ContextPlannedTrip>();
        const known = new Map<number, { revision: number; context: ContextPlannedTrip }>();
        for (const plan of plans) {
          if (plan.arrived || byVehicle.has(plan.vehicleId)) continue;
          const old = this.known.get(plan.id);
          const context = old?.revision === plan.revision ? old.context : contextOf(plan);
          known.set(plan.id, { revision: plan.revision, context });
          byVehicle.set(plan.vehicleId, context);
        }
        this.byVehicle = byVehicle;
        this.known = known;
      });
    this.running = next;
    return next;
  }

  /** The plan a device's vehicle follows now, if any. */
  plannedTripFor(device: IngestDevice): ContextPlannedTrip | undefined {
    return device.vehicleId === null ? undefined : this.byVehicle.get(device.vehicleId);
  }
}
