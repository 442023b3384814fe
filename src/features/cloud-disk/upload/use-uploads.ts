import { message } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { cloudDisk, extOf, isAllowedExt } from "../../../../resources/cloud-disk/cloud-disk";
import { uploadJob, type UploadProgress } from "./upload-job";
import { useUploadCalls } from "./upload-calls";

export interface UploadEntry extends UploadProgress {
  id: number;
  name: string;
  size: number;
}

type Job = ReturnType<typeof uploadJob>;

/**
 * The files being put on the disk: refused at once for a type or size the disk does not take
 * (2 §5), otherwise one after another (hashing 100 MB files side by side only slows each), each
 * with its phase and progress, a retry that resumes and a cancel.
 */
export function useUploads(folder: number) {
  const calls = useUploadCalls();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const jobs = useRef(new Map<number, Job>());
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(1);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const update = useCallback((id: number, change: Partial<UploadProgress>) => {
    if (alive.current) setEntries((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e)));
    if (change.phase === "done") calls.refreshSoon();
  }, [calls]);

  const enqueue = (id: number) => {
    const job = jobs.current.get(id);
    if (job) queue.current = queue.current.then(job.run);
  };

  const add = (files: File[]) => {
    for (const file of files) {
      if (!isAllowedExt(extOf(file.name))) {
        void message.error(`${file.name}：${cloudDisk.messages.badType}`);
        continue;
      }
      if (file.size > cloudDisk.maxBytes) {
        void message.error(`${file.name}：${cloudDisk.messages.tooLarge}`);
        continue;
      }
      const id = nextId.current++;
      setEntries((list) => [...list, { id, name: file.name, size: file.size, phase: "hashing", share: 0, reused: false }]);
      jobs.current.set(id, uploadJob(file, folder, calls, (change) => update(id, change)));
      enqueue(id);
    }
  };

  const retry = (id: number) => {
    update(id, { error: undefined });
    enqueue(id);
  };

  const remove = (id: number) => {
    jobs.current.get(id)?.cancel();
    jobs.current.delete(id);
    setEntries((list) => list.filter((e) => e.id !== id));
  };

  const clearDone = () => setEntries((list) => list.filter((e) => e.phase !== "done"));

  return { entries, add, retry, remove, clearDone };
}
