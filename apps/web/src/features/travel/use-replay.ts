import type { HistoryPoint } from '@rumbo/contracts';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { DEFAULT_REPLAY_SPEED, ReplayEngine, type ReplayState } from './replay-engine';

/**
 * A replay engine for a route, driven by animation frames while it plays. Speed and the
 * skip-stops choice carry over when the route changes.
 */
export function useReplay(points: readonly HistoryPoint[]): {
  engine: ReplayEngine;
  state: ReplayState;
} {
  const choices = useRef({ speed: DEFAULT_REPLAY_SPEED, skipStops: true });
  const engine = useMemo(() => new ReplayEngine(points, choices.current), [points]);
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);

  useEffect(() => {
    choices.current = { speed: state.speed, skipStops: state.skipStops };
  }, [state.speed, state.skipStops]);

  useEffect(() => {
    if (!state.playing) return;
    let frame = requestAnimationFrame(function step(now) {
      engine.tick(now);
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [engine, state.playing]);

  useEffect(() => () => engine.pause(), [engine]);

  return { engine, state };
}
