import type { FastifyInstance } from "fastify";
import type { Db } from "./db/database";

/**
 * Stops the server on SIGTERM and SIGINT, whoever sends them (a process manager, Ctrl-C, `kill`):
 * no new connection is taken, requests in flight and the rooms' WebSockets get `graceMs` to finish
 * (the rooms close their visits and send their pages 1001), then whatever is still open is cut, the
 * database is closed and the process exits. A signal repeated meanwhile changes nothing: under
 * `npm start` a terminal's Ctrl-C reaches the server twice, once from the terminal and once from npm.
 */
export function stopOnSignals(app: FastifyInstance, db: Db, graceMs: number) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, graceMs }, "stopping");
    const cut = setTimeout(() => {
      app.log.warn({ graceMs }, "stopping: cutting what is still open after the grace period");
      for (const socket of app.websocketServer.clients) socket.terminate();
      app.server.closeAllConnections();
    }, graceMs);
    // Five seconds past the grace period (a hook or the database that never answers), exit anyway.
    setTimeout(() => process.exit(1), graceMs + 5000).unref();
    try {
      await app.close();
      clearTimeout(cut);
      await db.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "stopping failed");
      process.exit(1);
    }
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(signal));
}
