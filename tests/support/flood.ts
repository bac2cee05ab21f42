// A flood of requests for the busy-hour specs: closed-loop clients, as a load generator keeps them.

/** Keeps `connections` requests for `url` in flight until stopped; counts the answers by status. */
export function flood(url: string, connections: number) {
  const statuses = new Map<number, number>();
  let running = true;
  const loop = async () => {
    while (running) {
      const answer = await fetch(url).catch(() => null);
      if (!answer) continue;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      await answer.arrayBuffer();
    }
  };
  const loops = Array.from({ length: connections }, loop);
  return {
    statuses,
    async stop() {
      running = false;
      await Promise.all(loops);
      return statuses;
    },
  };
}
