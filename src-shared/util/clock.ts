/** Time as the service sees it; tests pass a fixed or stepping clock. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const unixOf = (clock: Clock): number => Math.floor(clock.now() / 1000);
