import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A push receiver on 127.0.0.1 for the tests and the benchmark: it keeps what it got, and answers
 * each request with the next of `statuses` (then 200).
 */
export async function startReceiver(): Promise<{ url: string; got: Received[]; statuses: number[]; close: () => Promise<void> }> {
  const got: Received[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = statuses.shift() ?? 200;
      res.end("ok");
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    statuses,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
