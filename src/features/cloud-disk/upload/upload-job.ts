import type { Upload } from "tus-js-client";
import { cloudDisk, type CloudItem } from "../../../../resources/cloud-disk/cloud-disk";
import { fileMd5 } from "../../../lib/md5/file-md5";
import { tusMessage } from "../../../lib/tus-message";

/** Where one file is (2 §4 uploading, and the steps around it). */
export type UploadPhase = "hashing" | "checking" | "uploading" | "adding" | "done" | "failed";

export interface UploadProgress {
  phase: UploadPhase;
  /** Share of the phase done, 0 to 1 (hashing and uploading). */
  share: number;
  /** The organisation held these bytes: nothing was sent (2 §7 check md5). */
  reused: boolean;
  error?: string;
}

/** The calls a job makes, through the one data provider (upload-calls.ts). */
export interface UploadCalls {
  checkMd5(query: { name: string; md5: string; parent: number }): Promise<{ exist: number; docid: string; url: string; md5: string }>;
  token(query: { name: string; size: number }): Promise<{ token: string; addr: string; videoid: string }>;
  add(body: { parentid: number; filetype: 1; docid: string; name: string; url: string; md5: string }): Promise<CloudItem>;
  /** The absolute tus endpoint of the token's `addr`. */
  endpoint(addr: string): string;
}

/**
 * One file's way onto the disk: its md5 in a worker; the check (a file the caller may already read is
 * added at once, no byte sent; a failed check falls back to a normal upload, 2 §8); otherwise a
 * token and a tus upload in 5 MB parts, each retried after a dropped connection, then the add.
 * `run` again after a failure picks up where it stopped: the tus upload resumes from the offset
 * the server kept.
 */
export function uploadJob(file: File, folder: number, calls: UploadCalls, report: (p: Partial<UploadProgress>) => void) {
  let md5 = "";
  let reuse: { docid: string; url: string } | null = null;
  let token: { token: string; addr: string; videoid: string } | null = null;
  let tus: Upload | null = null;
  let sent = false;
  let cancelled = false;
  let stopSending: ((error: Error) => void) | null = null;
  /** Between steps: a cancelled job goes no further. */
  const goOn = () => {
    if (cancelled) throw new Error("已取消");
  };

  const send = async (t: NonNullable<typeof token>) => {
    const { Upload: TusUpload } = await import("tus-js-client");
    tus ??= new TusUpload(file, {
      endpoint: calls.endpoint(t.addr),
      chunkSize: cloudDisk.chunkBytes,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { filename: file.name, filetype: file.type, videoid: t.videoid },
      headers: { [cloudDisk.tokenHeader]: t.token },
      // The upload lives as long as this page does: its token is not kept anywhere else.
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        (req.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
      },
      onProgress: (bytes, total) => report({ share: total ? bytes / total : 1 }),
    });
    const upload = tus;
    await new Promise<void>((resolve, reject) => {
      stopSending = reject;
      upload.options.onSuccess = () => resolve();
      upload.options.onError = (error) => reject(new Error(tusMessage(error, cloudDisk.messages.uploadFailed)));
      // A second start asks the server its offset (HEAD) and sends only the rest.
      upload.start();
    });
  };

  const run = async () => {
    try {
      if (!md5) {
        report({ phase: "hashing", share: 0, error: undefined });
        md5 = await fileMd5(file, (share) => report({ share }));
      }
      goOn();
      if (!token && !reuse) {
        report({ phase: "checking", share: 0, error: undefined });
        const found = await calls.checkMd5({ name: file.name, md5, parent: folder }).catch(() => null);
        if (found?.exist) reuse = { docid: found.docid, url: found.url };
      }
      goOn();
      if (reuse) {
        report({ phase: "adding", error: undefined });
        try {
          await calls.add({ parentid: folder, filetype: 1, docid: reuse.docid, name: file.name, url: reuse.url, md5 });
          report({ phase: "done", share: 1, reused: true });
          return;
        } catch (error) {
          // The held copy went in the meantime: send the bytes after all.
          if ((error as Error).message !== cloudDisk.messages.notFound) throw error;
          reuse = null;
        }
      }
      token ??= await calls.token({ name: file.name, size: file.size });
      goOn();
      if (!sent) {
        report({ phase: "uploading", share: 0, error: undefined });
        await send(token);
        sent = true;
      }
      goOn();
      report({ phase: "adding", error: undefined });
      await calls.add({ parentid: folder, filetype: 1, docid: token.videoid, name: file.name, url: "", md5 });
      report({ phase: "done", share: 1 });
    } catch (error) {
      if (cancelled) return;
      report({ phase: "failed", error: error instanceof Error && error.message ? error.message : cloudDisk.messages.uploadFailed });
    }
  };

  return {
    run,
    /** Stops the job where it is; bytes sent are given up on the server (tus termination). */
    cancel: () => {
      cancelled = true;
      stopSending?.(new Error("已取消"));
      void tus?.abort(true).catch(() => undefined);
    },
  };
}
