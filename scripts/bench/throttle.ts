// A slow link as a TCP proxy in front of the portal: everything the browser
// sends or receives crosses it, the service worker's own requests included
// (Chromium's page-level network emulation leaves those at full speed).
// Each direction is one link of `bytesPerSecond`, shared round-robin by the
// connections that have something to send (as flows share a bottleneck),
// and every piece arrives `oneWayMs` after it left (the round trip is twice that).
import net from "node:net";

export interface LinkShape {
  bytesPerSecond: number;
  /** Added to each direction: a request and its answer wait twice this. */
  oneWayMs: number;
}

/** What crosses the link at a time: about one packet, so that connections interleave. */
const PIECE = 1460;

type Piece = Buffer | "end";

/** One direction of the link: pieces leave one at a time at the link's rate, round-robin over connections. */
export class LinkDirection {
  private readonly queues = new Map<net.Socket, Piece[]>();
  private order: net.Socket[] = [];
  private last: net.Socket | undefined;
  private clock = 0;
  private busy = false;
  /** Bytes that crossed, for the report. */
  carried = 0;

  constructor(
    private readonly shape: LinkShape,
    private readonly now: () => number = () => performance.now(),
    private readonly later: (ms: number, run: () => void) => void = (ms, run) =>
      void setTimeout(run, Math.max(0, ms)),
  ) {}

  send(to: net.Socket, data: Buffer | "end") {
    let queue = this.queues.get(to);
    if (!queue) {
      queue = [];
      this.queues.set(to, queue);
      this.order.push(to);
    }
    if (data === "end") queue.push("end");
    else for (let at = 0; at < data.length; at += PIECE) queue.push(data.subarray(at, at + PIECE));
    if (!this.busy) this.pump();
  }

  /** Forgets a connection that closed (what it still had to send is dropped with it). */
  drop(socket: net.Socket) {
    this.queues.delete(socket);
    this.order = this.order.filter((s) => s !== socket);
  }

  private pump() {
    const socket = this.pick();
    if (!socket) {
      this.busy = false;
      return;
    }
    this.busy = true;
    const piece = this.queues.get(socket)!.shift()!;
    const size = piece === "end" ? 0 : piece.length;
    // A virtual clock: a late timer does not make the link slower than it is.
    this.clock = Math.max(this.clock, this.now()) + (size * 1000) / this.shape.bytesPerSecond;
    this.carried += size;
    this.later(this.clock - this.now(), () => {
      this.later(this.shape.oneWayMs, () => {
        if (socket.destroyed) return;
        if (piece === "end") socket.end();
        else socket.write(piece);
      });
      this.pump();
    });
  }

  private pick(): net.Socket | undefined {
    // The connection after the one served last: each in turn.
    const start = this.last ? this.order.indexOf(this.last) + 1 : 0;
    for (let tried = 0; tried < this.order.length; tried++) {
      const socket = this.order[(start + tried) % this.order.length];
      if (this.queues.get(socket)?.length) {
        this.last = socket;
        return socket;
      }
    }
    return undefined;
  }
}

export interface ThrottlingProxy {
  url: string;
  /** Bytes carried towards the browser and towards the server since the start. */
  carried(): { down: number; up: number };
  stop(): Promise<void>;
}

/**
 * Listens on a free port of 127.0.0.1 and forwards every connection to `target`
 * over the slow link (`upShape` towards the server when its link differs).
 */
export async function startThrottlingProxy(
  target: URL,
  shape: LinkShape,
  upShape: LinkShape = shape,
): Promise<ThrottlingProxy> {
  const down = new LinkDirection(shape);
  const up = new LinkDirection(upShape);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const server = net.connect(Number(target.port), target.hostname);
    sockets.add(client);
    sockets.add(server);
    const close = () => {
      for (const socket of [client, server]) {
        down.drop(socket);
        up.drop(socket);
        socket.destroy();
        sockets.delete(socket);
      }
    };
    client.on("data", (chunk) => up.send(server, chunk));
    client.on("end", () => up.send(server, "end"));
    server.on("data", (chunk) => down.send(client, chunk));
    server.on("end", () => down.send(client, "end"));
    client.on("error", close);
    server.on("error", close);
    client.on("close", () => server.destroyed || setTimeout(close, shape.oneWayMs * 2));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    carried: () => ({ down: down.carried, up: up.carried }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
