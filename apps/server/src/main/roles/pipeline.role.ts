import type { Stoppable } from '../../bus/bus.js';
import type { Unit } from '../../lib/unit.js';
import { Pipeline } from '../../pipeline/pipeline.js';
import { Recomputer } from '../../pipeline/recomputer.js';
import { CORE_DETECTORS } from '@rumbo/telematics';
import { drivingTimesWatch } from '../driving-times-watch.js';
import type { AppDeps, NodeParts } from '../parts.js';
import { Holds } from './shared.units.js';

/** The NATS queue group whose members share the committed facts (one dispatch per batch). */
export const ALERTS_GROUP = 'alerts';

/** The pipeline role's running parts (tests drive them directly). */
export interface PipelineRole extends Unit {
  readonly pipeline: Pipeline;
  readonly recomputer: Recomputer;
}

/**
 * `pipeline`: takes the records of the partitions it owns from the bus, runs the detector chain
 * and stores positions and facts through the sinks; live updates and committed facts go out on
 * the bus. The alert dispatcher takes the facts from the bus's facts channel (with NATS, one
 * member of the `alerts` group per batch; in one process, at once, in the same call), so a
 * process of its own could dispatch them. The planned trips the route detector follows are
 * reloaded every 30 s and whenever an API node saves one (bus).
 */
export function pipelineRole(
  parts: NodeParts,
  options: Pick<AppDeps, 'pipeline'> = {},
): PipelineRole {
  const { bus, config, database, log, plannedTrips, sinks, clock } = parts;
  const { cache, dispatcher } = parts.alerts;
  const settings = options.pipeline;
  const holds = new Holds();
  let consumer: Stoppable | undefined;
  const recomputer: Recomputer = new Recomputer({
    db: database.db,
    sinks,
    pipeline: () => pipeline,
    debounceMs: settings?.recomputeDebounceMs,
    log,
  });
  const pipeline: Pipeline = new Pipeline({
    db: database.db,
    live: { apply: (vehicleId, update) => bus.publishLive({ vehicleId, update }) },
    sinks,
    clock,
    partitions: parts.partitions,
    flushIntervalMs: settings?.flushIntervalMs ?? config.PIPELINE_FLUSH_MS,
    maxBatchRows: settings?.maxBatchRows,
    flushWhenIdle: settings?.flushWhenIdle,
    statePersistMs: settings?.statePersistMs,
    maxConcurrentFlushes: database.mode === 'postgres' ? 4 : 1,
    copyPool: database.mode === 'postgres' ? database.pool : undefined,
    onError: (error) => log.error({ err: error }, 'pipeline batch failed (not acknowledged)'),
    onLate: (device, oldestLateMs) => recomputer.request(device, oldestLateMs),
    onCommitted: (facts) => bus.publishFacts(facts),
    vehicleSettings: cache,
    places: parts.places.cache,
    plannedTrips,
    detectors: settings?.detectors ?? (config.ALERT_RULES === 'off' ? CORE_DETECTORS : undefined),
  });
  let unsubscribeFacts: (() => unknown) | undefined;
  return {
    pipeline,
    recomputer,
    async start() {
      const warn = (error: unknown) => log.warn({ err: error }, 'planned trips reload failed');
      await plannedTrips.start(30_000, warn);
      holds.add(
        () => plannedTrips.stop(),
        bus.onPlannedTripsChanged(() => void plannedTrips.reload().catch(warn)),
        // Driving times per driver, across trucks: DTB, DTD, DTI (decision 0043).
        drivingTimesWatch({ db: database.db, bus, raise: (e) => dispatcher.dispatch(e), log }),
      );
      // Webhook subscriptions (issue 27): an endpoint's change comes as the tenant's alert
      // settings' change (what the tenant is told); reloaded every minute besides.
      const webhooksWarn = (error: unknown) => log.warn({ err: error }, 'webhooks reload failed');
      const reloadWebhooks = () => void parts.webhooks.reload(database.db).catch(webhooksWarn);
      await parts.webhooks.reload(database.db).catch(webhooksWarn);
      const webhooksTimer = setInterval(reloadWebhooks, 60_000);
      webhooksTimer.unref();
      holds.add(() => clearInterval(webhooksTimer), bus.onAlertSettingsChanged(reloadWebhooks));
      unsubscribeFacts = bus.onFacts((facts) => dispatcher.handleFacts(facts), ALERTS_GROUP);
      consumer = await bus.consumeRecords((device, positions) =>
        pipeline.submit(device, positions),
      );
    },
    async stop() {
      holds.drop();
      await recomputer.close();
      await consumer?.stop();
      await pipeline.close();
      // The last batches' facts are dispatched before the alerts unit waits for the dispatcher.
      unsubscribeFacts?.();
    },
  };
}
