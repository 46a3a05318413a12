import type { DriverDrivingTimesDto } from '@rumbo/contracts';

/**
 * Application events: anything may ask the shell to open the vehicle popup; the socket tells the
 * screens a driver's driving times changed (`drivingTimes/update`, issue 26).
 */
export interface AppEventMap {
  'vehicle-popup': { vehicleId: number };
  'driving-times': DriverDrivingTimesDto;
}

type Handler<K extends keyof AppEventMap> = (detail: AppEventMap[K]) => void;

/** A small typed event bus, one per app instance. */
export function createAppEvents() {
  const handlers = new Map<keyof AppEventMap, Set<Handler<keyof AppEventMap>>>();
  return {
    emit<K extends keyof AppEventMap>(name: K, detail: AppEventMap[K]): void {
      for (const handler of handlers.get(name) ?? []) handler(detail);
    },
    on<K extends keyof AppEventMap>(name: K, handler: Handler<K>): () => void {
      const set = handlers.get(name) ?? new Set();
      set.add(handler as Handler<keyof AppEventMap>);
      handlers.set(name, set);
      return () => set.delete(handler as Handler<keyof AppEventMap>);
    },
  };
}
export type AppEvents = ReturnType<typeof createAppEvents>;
