// Runs a TypeScript module as a worker thread: Node 20 does not hand a worker the parent's tsx
// loader (an `--import tsx` in its execArgv is refused), so the worker registers it itself and
// then loads the module named by `workerData.entry`.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
