import { useEffect, useState } from 'react';
import { useServices } from '../services';
import { socketHello } from '../session/session-store';
import { connectLiveFeed, type LiveFeedStatus } from './live-feed-client';
import { LiveFleetStore } from './live-fleet-store';

/**
 * The tenant's live fleet while the calling screen is mounted: a typed-array store fed by
 * `/api/wslp` (binary frames). `status` says whether the snapshot arrived; `retry` reconnects
 * at once.
 */
export function useLiveFleet(): {
  store: LiveFleetStore;
  status: LiveFeedStatus;
  retry: () => void;
} {
  const { api, sessionStore } = useServices();
  const [store] = useState(() => new LiveFleetStore());
  const [status, setStatus] = useState<LiveFeedStatus>('connecting');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const feed = connectLiveFeed({
      url: api.socketUrl('wslp', window.location),
      hello: () => socketHello(sessionStore),
      store,
      onStatus: setStatus,
    });
    return () => feed.close();
  }, [api, sessionStore, store, attempt]);
  return { store, status, retry: () => setAttempt((n) => n + 1) };
}
