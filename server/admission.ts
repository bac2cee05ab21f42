/**
 * Admission of requests to React Router: at most one new request starts per
 * turn of the event loop, in the order they came (docs/decisions/025).
 *
 * Node starts every request it has read at once. Under load the requests
 * arriving together are all rendered in the same turn, and a request that
 * waits for the backend (a signed-in page, twice) goes back behind all of
 * them at every answer: with a hundred connections it took a signed-in page
 * 15 to 20 s while a page that needs no backend took 3 s. Started one per
 * turn, the answers of requests already under way are read first, so each
 * request costs what it needs and the waiting is shared in arrival order.
 * Nothing is capped: a slow backend holds no slot that others wait for.
 */
export interface Admission {
  /** Runs `start` in a later turn, after those admitted before it. */
  admit(start: () => void): void;
  /** Requests waiting for their turn. */
  waiting(): number;
}

export function createAdmission(
  nextTurn: (callback: () => void) => void = setImmediate,
): Admission {
  const queue: (() => void)[] = [];
  let scheduled = false;

  const turn = () => {
    scheduled = false;
    const start = queue.shift();
    // Scheduled first: a start that throws must not stall the ones behind it.
    if (queue.length > 0) schedule();
    start?.();
  };

  const schedule = () => {
    scheduled = true;
    nextTurn(turn);
  };

  return {
    admit(start) {
      queue.push(start);
      if (!scheduled) schedule();
    },
    waiting: () => queue.length,
  };
}
