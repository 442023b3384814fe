import { createMD5 } from "hash-wasm";
import { sliceBytes, type Md5Reply } from "./protocol";

/**
 * The md5 of a file, in a worker so the page stays responsive: hash-wasm's WebAssembly md5 (about
 * three times spark-md5), fed slice by slice so a 100 MB file never sits in memory whole.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<File>) => void) | null;
  postMessage(message: Md5Reply): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = async (event) => {
  const file = event.data;
  try {
    const read = (at: number) => file.slice(at, at + sliceBytes).arrayBuffer();
    const hasher = await createMD5();
    hasher.init();
    // The next slice is read while this one is hashed: reading and hashing overlap.
    let next = read(0);
    for (let at = 0; at < file.size; at += sliceBytes) {
      const slice = await next;
      if (at + sliceBytes < file.size) next = read(at + sliceBytes);
      hasher.update(new Uint8Array(slice));
      scope.postMessage({ kind: "progress", done: Math.min(file.size, at + sliceBytes) });
    }
    scope.postMessage({ kind: "done", md5: hasher.digest("hex") });
  } catch {
    scope.postMessage({ kind: "failed" });
  }
};
