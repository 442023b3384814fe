import { Worker } from "node:worker_threads";

export interface HealthFigures {
  /** Probes sent while the requests ran. */
  probes: number;
  p50: number;
  p95: number;
  max: number;
  /** Probes answered with anything but 200. */
  failed: number;
  /**
   * The share of the probes answered before the last request's answer: near 0 when the server's
   * thread is held until the work is done, however fast the machine; most of them when it yields.
   */
  answeredWhileBusy: number;
}

export interface HeavyRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HeavyAnswer {
  status: number;
  ms: number;
  text: string;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/**
 * How `GET /healthz` on `base` answers while `requests` run, all at once: a probe every `everyMs`
 * from a thread of its own, the requests from another (health-probe-worker.mjs). A server thread
 * blocked for a second shows as a second of waiting on every probe sent meanwhile. Only probes
 * sent between the first request and the last answer count.
 */
export async function healthDuring(base: URL, requests: HeavyRequest[], everyMs = 10): Promise<{ answers: HeavyAnswer[]; health: HealthFigures }> {
  const url = new URL("/healthz", base).href;
  const [prober, sender] = (["prober", "sender"] as const).map((role) => new Worker(new URL("./health-probe-worker.mjs", import.meta.url), { workerData: { role, url, everyMs } }));
  const next = <T>(worker: Worker, kind: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { kind: string } & T) => {
        if (message.kind !== kind) return;
        worker.off("message", onMessage);
        resolve(message);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    });
  try {
    await Promise.all([next(prober, "started"), next(sender, "started")]);
    const sent = next<{ from: number; to: number; answers: HeavyAnswer[] }>(sender, "answers");
    sender.postMessage({ kind: "send", requests });
    const { from, to, answers } = await sent;
    const stopped = next<{ samples: { at: number; ms: number; status: number }[] }>(prober, "samples");
    prober.postMessage({ kind: "stop" });
    const during = (await stopped).samples.filter((s) => s.at >= from && s.at <= to);
    const ms = during.map((s) => s.ms).sort((a, b) => a - b);
    return {
      answers,
      health: {
        probes: ms.length,
        p50: percentile(ms, 50) ?? 0,
        p95: percentile(ms, 95) ?? 0,
        max: ms.at(-1) ?? 0,
        failed: during.filter((s) => s.status !== 200).length,
        answeredWhileBusy: during.length ? during.filter((s) => s.at + s.ms < to).length / during.length : 0,
      },
    };
  } finally {
    await Promise.all([prober.terminate(), sender.terminate()]);
  }
}
