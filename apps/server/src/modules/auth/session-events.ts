/** Announces revoked sessions so open sockets close at once. */
export interface SessionEvents {
  revoked(sessionIds: number[]): void;
  onRevoked(listener: (sessionIds: number[]) => void): () => void;
}

/** In-process implementation (one server process). */
export function memorySessionEvents(): SessionEvents {
  const listeners = new Set<(ids: number[]) => void>();
  return {
    revoked(ids) {
      if (ids.length === 0) return;
      for (const listener of listeners) listener(ids);
    },
    onRevoked(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
