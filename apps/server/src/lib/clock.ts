/** The time source, so tests can move time forward. */
export interface Clock {
  nowMs(): number;
}

/** The real clock. */
export const systemClock: Clock = { nowMs: () => Date.now() };
