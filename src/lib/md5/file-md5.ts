import type { Md5Reply } from "./protocol";

/** Time given per MB of file before the worker is taken to be stuck (a throttled tab is slow, not stuck). */
const msPerMegabyte = 500;

/**
 * The md5 (hex) of a file, computed in a fresh worker that is always terminated: on the answer,
 * a failure, or the time-out. `onProgress` gets the share read so far (0 to 1). The time taken is
 * left as the performance measure `lectern:md5` (its detail the file's size), for the bench.
 */
export function fileMd5(file: File, onProgress?: (share: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const worker = new Worker(new URL("./md5-worker.ts", import.meta.url), { type: "module", name: "md5" });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      worker.terminate();
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(new Error("计算文件校验值超时"))), 10_000 + (file.size / 1024 / 1024) * msPerMegabyte);
    worker.onmessage = (event: MessageEvent<Md5Reply>) => {
      const reply = event.data;
      if (reply.kind === "progress") onProgress?.(file.size ? reply.done / file.size : 1);
      else if (reply.kind === "done") {
        performance.measure("lectern:md5", { start: started, end: performance.now(), detail: { bytes: file.size } });
        finish(() => resolve(reply.md5));
      } else finish(() => reject(new Error("计算文件校验值失败")));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(() => reject(new Error("计算文件校验值失败")));
    };
    worker.postMessage(file);
  });
}
