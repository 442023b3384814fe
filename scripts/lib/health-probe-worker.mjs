// @ts-check
/**
 * A thread of health-probe.ts, in one of two roles. The prober asks `url` every `everyMs` on a
 * timer of its own, whether or not the last answer came, keeping when each ask went out and how
 * long its answer took: its own event loop keeps the pace while the server's thread is busy, which
 * is the point (probes sent by the server's thread would not go out while it is blocked, and the
 * block would not show). The sender sends the heavy requests it is handed, all at once, and answers
 * their status, time and text: writing their bodies and reading their answers (megabytes of JSON)
 * is then counted neither against the server that shares the process nor against the probes.
 * Plain JavaScript for the reason sqlite-reader-worker.mjs gives (Vitest does not reach workers).
 */
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/**
 * @typedef {object} HeavyRequest
 * @property {string} method
 * @property {string} url
 * @property {Record<string, string>} headers
 * @property {string} [body]
 */

const port = parentPort;
if (!port) throw new Error("health-probe-worker.mjs runs only as a worker thread");
const { role, url, everyMs } = /** @type {{ role: "prober" | "sender"; url: string; everyMs: number }} */ (workerData);

const now = () => performance.timeOrigin + performance.now();
// Enough sockets that a slow answer does not hold the next probes back, and few enough that a
// stalled server does not get a new connection every 10 ms: past the listen backlog, the kernel
// drops them and the client tries again 1, 3, 7 s later, which would measure the prober, not the
// server. A probe waiting for a socket counts its wait.
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** @param {HeavyRequest & { onEnd: (status: number, text: string) => void }} r */
function request({ method, url: target, headers, body, onEnd }) {
  const req = http.request(target, { method, headers, agent }, (res) => {
    /** @type {Buffer[]} */
    const parts = [];
    res.on("data", (part) => parts.push(part));
    res.on("end", () => onEnd(res.statusCode ?? 0, Buffer.concat(parts).toString("utf8")));
  });
  req.on("error", () => onEnd(0, ""));
  req.end(body);
}

/** @type {{ at: number; ms: number; status: number }[]} */
const samples = [];
let probing = 0;
let stopping = false;

const finish = () => {
  if (!stopping || probing > 0) return;
  agent.destroy();
  port.postMessage({ kind: "samples", samples });
};

const probe = () => {
  const at = now();
  probing++;
  request({
    method: "GET",
    url,
    headers: {},
    onEnd: (status) => {
      samples.push({ at, ms: now() - at, status });
      probing--;
      finish();
    },
  });
};

const timer = role === "prober" ? setInterval(probe, everyMs) : undefined;

port.on("message", (/** @type {{ kind: "send"; requests: HeavyRequest[] } | { kind: "stop" }} */ message) => {
  if (message.kind === "stop") {
    clearInterval(timer);
    stopping = true;
    finish();
    return;
  }
  const from = now();
  const answers = message.requests.map(
    (r) =>
      new Promise((resolve) => {
        const at = now();
        request({ ...r, onEnd: (status, text) => resolve({ status, ms: now() - at, text }) });
      }),
  );
  void Promise.all(answers).then((all) => port.postMessage({ kind: "answers", from, to: now(), answers: all }));
});
port.postMessage({ kind: "started" });
