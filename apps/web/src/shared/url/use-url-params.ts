import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Changes to the address: a value sets its key; `null` or `''` drops it. */
export type UrlChanges = Record<string, string | null>;

/** The address's parameters with `changes` applied (a new object; `current` is left as it is). */
export function applyUrlChanges(current: URLSearchParams, changes: UrlChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * A screen's state kept in the address (`?period=…&vehicle=…`), so a filtered screen can be linked
 * to and survives a reload. `update` replaces the history entry (a filter change is not a page to
 * go Back to); `drop` removes keys read once (the top bar's search links).
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: UrlChanges) =>
      setParams((current) => applyUrlChanges(current, changes), { replace: true }),
    [setParams],
  );
  const drop = useCallback(
    (...names: string[]) => update(Object.fromEntries(names.map((name) => [name, null]))),
    [update],
  );
  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  const get = useCallback((name: string) => params.get(name) ?? '', [params]);
  return { params, get, update, drop, clear };
}
