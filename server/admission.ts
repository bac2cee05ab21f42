/**
 * Admission of requests to React Router: at most one new request starts per
 * turn of the event loop, in the order they came (docs/decisions/025), and
 * none waits for its turn longer than `maxWaitMs` (docs/decisions/049).
 *
 * Node starts every request it has read at once. Under load the requests
 * arriving together are all rendered in the same turn, and a request that
 * waits for the backend (a signed-in page, twice) goes back behind all of
 * them at every answer. Started one per turn, the answers of requests already
 * under way are read first, so each request costs what it needs and the
 * waiting is shared in arrival order.
 *
 * The wait is bounded by time, never by a count: a quiet machine's burst is
 * never refused, and a busy one refuses what it could not start in time. When
 * the request at the head of the queue has waited `maxWaitMs`, the queue is
 * longer than the machine can serve in that time: a request that comes then
 * is refused at once, and one that still reaches the head too late is refused
 * there, so a resident hears "busy, try again" instead of waiting for nothing.
 * A request whose client left while it waited is dropped, never judged by:
 * when many leave at once (a spike's end), the queue they leave behind must
 * not get the next resident refused.
 */
import type { IncomingMessage } from "node:http";

export interface Admission {
  /**
   * Runs `start` in a later turn, after those admitted before it, or `refuse` if it cannot be in
   * time; neither once `left()` says its client is gone.
   */
  admit(start: () => void, refuse: () => void, left?: () => boolean): void;
  /** Requests waiting for their turn. */
  waiting(): number;
}

export interface AdmissionOptions {
  /** The longest a request may wait for its turn. */
  maxWaitMs: number;
  now?: () => number;
  nextTurn?: (callback: () => void) => void;
}

interface Waiting {
  start: () => void;
  refuse: () => void;
  left: () => boolean;
  since: number;
}

const stays = () => false;

export function createAdmission({
  maxWaitMs,
  now = performance.now.bind(performance),
  nextTurn = setImmediate,
}: AdmissionOptions): Admission {
  const queue: Waiting[] = [];
  let scheduled = false;
  const tooLate = (request: Waiting, at: number) => at - request.since >= maxWaitMs;

  /** The first request whose client is still there, the others dropped. */
  const head = () => {
    while (queue.length > 0 && queue[0]!.left()) queue.shift();
    return queue[0];
  };

  /** Refuses the requests at the head that waited too long, and returns the first that did not. */
  const nextInTime = () => {
    const at = now();
    let next = head();
    while (next && tooLate(next, at)) {
      queue.shift();
      next.refuse();
      next = head();
    }
    return next === undefined ? undefined : queue.shift();
  };

  const turn = () => {
    scheduled = false;
    let next: Waiting | undefined;
    try {
      next = nextInTime();
    } finally {
      // Scheduled first: a start or a refusal that throws must not stall the ones behind it.
      if (queue.length > 0) schedule();
    }
    next?.start();
  };

  const schedule = () => {
    scheduled = true;
    nextTurn(turn);
  };

  return {
    admit(start, refuse, left = stays) {
      const since = now();
      const first = head();
      if (first && tooLate(first, since)) return refuse();
      queue.push({ start, refuse, left, since });
      if (!scheduled) schedule();
    },
    waiting: () => queue.length,
  };
}

/**
 * Whether the client of `req` has left. Node reads a client's end of the connection in one turn
 * and ends its own side at once (HTTP here is never half-open, so no answer can reach that client
 * any more), but destroys the socket only in a later turn, once its end is written. A request
 * judged in between, as the next one is when a load's clients leave together, must not be judged
 * by one whose client is already gone.
 */
export const clientLeft = (req: IncomingMessage) =>
  req.socket.readableEnded || req.socket.destroyed;
