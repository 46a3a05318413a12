// A capability on the server (issue 24; telematics' own is packages/telematics/src/capability.ts):
// the sinks that store its facts and the per-vehicle input its detectors read, declared in one
// file named after it and listed once (index.ts). The pipeline's sink list and its vehicle
// contexts are built from that list. CONTRIBUTING.md, "Adding a capability".

import { EMPTY_CONTEXT, type VehicleContext } from '@rumbo/telematics';
import type { Kysely } from 'kysely';
import type { Bus } from '../bus/bus.js';
import type { Database } from '../db/schema.js';
import type { HttpModule } from '../http/app.js';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { EventFilter } from '../pipeline/sinks/events.sink.js';
import type { PlaceNamer } from '../pipeline/sinks/places.js';
import type { Sink } from '../pipeline/sinks/sink.js';
import type { WebhookSubscriptions } from '../pipeline/sinks/webhooks.sink.js';

/** What sinks are built with: the composition root's event filter and place namer. */
export interface SinkOptions {
  /** Which alert events are alerts (the tenant's settings); default: all. */
  events?: EventFilter;
  /** Names the positions of the rows (issue 23); default: none. */
  places?: PlaceNamer;
  /** The tenants' webhook subscriptions (issue 27); absent: no webhook outbox. */
  webhooks?: WebhookSubscriptions;
}

/**
 * The in-memory sources of per-vehicle inputs the composition root hands the pipeline (caches it
 * starts and reloads). Empty here: a capability whose input needs one adds its field from its own
 * file, by augmenting this interface:
 *
 *     declare module './capability.js' {
 *       interface VehicleSources { plannedTrips?: PlannedTripsProvider }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented per capability
export interface VehicleSources {}

/**
 * Adds what a capability's detectors need about a device's vehicle to its context, from memory,
 * and says whether it added anything. Called once per submitted batch, never per record.
 */
export type VehicleInput = (device: IngestDevice, context: VehicleContext) => boolean;

/** An input that sets one field of the context to what `valueOf` answers, when it answers. */
export function fieldInput<K extends keyof VehicleContext>(
  key: K,
  valueOf: (device: IngestDevice) => VehicleContext[K] | undefined,
): VehicleInput {
  return (device, context) => {
    const value = valueOf(device);
    if (value === undefined) return false;
    context[key] = value;
    return true;
  };
}

/** A capability's server side. */
export interface ServerCapability {
  /** Its name, the name of its file (kebab-case; the telematics capability of the same name). */
  readonly name: string;
  /** The sinks that store its facts, in write order. */
  sinks?(options: SinkOptions): readonly Sink<unknown>[];
  /** Its per-vehicle input, from the sources given (undefined: it has none, or none runs). */
  input?(sources: VehicleSources): VehicleInput | undefined;
  /** Its HTTP routes on an API node (the composition root appends them to its module list). */
  routes?(deps: RouteDeps): readonly HttpModule[];
}

/** What a capability's routes are built with on an API node. */
export interface RouteDeps {
  db: Kysely<Database>;
  /** Tells the other nodes that the capability's data changed (e.g. planned trips). */
  bus: Bus;
}

/** The HTTP routes of a list of capabilities, in list order. */
export function routesOf(capabilities: readonly ServerCapability[], deps: RouteDeps): HttpModule[] {
  return capabilities.flatMap((c) => c.routes?.(deps) ?? []);
}

/** The sinks of a list of capabilities, in list order. */
export function sinksOf(
  capabilities: readonly ServerCapability[],
  options: SinkOptions = {},
): Sink<unknown>[] {
  return capabilities.flatMap((c) => c.sinks?.(options) ?? []);
}

/** The per-vehicle inputs of a list of capabilities from the sources given, in list order. */
export function inputsOf(
  capabilities: readonly ServerCapability[],
  sources: VehicleSources,
): VehicleInput[] {
  const inputs: VehicleInput[] = [];
  for (const c of capabilities) {
    const input = c.input?.(sources);
    if (input) inputs.push(input);
  }
  return inputs;
}

/**
 * A vehicle's context: what each input adds, or the shared empty context when none adds anything
 * (most vehicles: no allocation kept per batch).
 */
export function contextOf(inputs: readonly VehicleInput[], device: IngestDevice): VehicleContext {
  const context: VehicleContext = {};
  let added = false;
  for (const input of inputs) if (input(device, context)) added = true;
  return added ? context : EMPTY_CONTEXT;
}
