/**
 * When the service last answered. Background work that any moment can do (the search indexer) waits for a
 * quiet moment with it, so that a burst of requests is not served behind a batch of that work.
 */
export interface Activity {
  /** Marks a request begun; call what it answers when the request has ended. */
  begin(): () => void;
  /** Milliseconds since the last request ended; 0 while one is being served. */
  quietFor(): number;
}

export function createActivity(now: () => number = () => performance.now()): Activity {
  let running = 0;
  let lastEnded = -Infinity;
  return {
    begin: () => {
      running++;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        running--;
        lastEnded = now();
      };
    },
    quietFor: () => (running > 0 ? 0 : now() - lastEnded),
  };
}
