import { useNotification } from "@refinedev/core";
import { UploadOutlined } from "../../../components/icons";
import { Button, List, Popover, Progress, Typography } from "antd";
import { useCallback, useRef, useState } from "react";
import type { Upload } from "tus-js-client";
import { mediaApi, mediaLimits, mediaMessages } from "../../../../resources/vod/media-api";
import { uploadFailedMessage } from "../../../../resources/kernel/upload";
import { hostBase } from "../../../../providers/hosts";
import { errorText } from "../../../../providers/http";
import { tusMessage } from "../../../lib/tus-message";
import { useCallMutation } from "../../../lib/use-call";

/** What upload_token answers that an upload needs: its name and its video. */
type UploadToken = { token: string; video_id: number };

type Phase = "waiting" | "uploading" | "finishing" | "done" | "failed";

interface Item {
  key: string;
  file: File;
  phase: Phase;
  share: number;
  error?: string;
  /** Kept after a failure so 重试 resumes where the server's offset says (tus HEAD). */
  token?: UploadToken;
  tus?: Upload;
}

/** Why a file is refused before anything is sent (3 §9 types; the server says the same). */
export function fileProblem(file: Pick<File, "name" | "size">): string | null {
  const ext = file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase();
  if (!(mediaLimits.types as readonly string[]).includes(ext)) return mediaMessages.badType;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\/\u0000-\u001f\u007f]/.test(file.name)) return mediaMessages.badName;
  if (file.size === 0) return mediaMessages.emptyFile;
  return null;
}

/**
 * 上传视频 (3 §2.1 upload variant, §9): files of the five types, sent one at a time by tus in 40 MB
 * parts, each part retried 3 times, with each file's progress; a file that failed resumes from
 * the server's offset on 重试. A finished upload is announced (`upload_complete`) and transcodes.
 */
export function MediaUpload({ roomId, onAdded }: { roomId: number; onAdded: () => void }) {
  const { open: notify } = useNotification();
  const { send } = useCallMutation();
  const [items, setItems] = useState<Item[]>([]);
  const [open, setOpen] = useState(false);
  const running = useRef(false);
  const queue = useRef<Item[]>([]);
  const input = useRef<HTMLInputElement>(null);

  const patch = useCallback((key: string, change: Partial<Item>) => {
    queue.current = queue.current.map((item) => (item.key === key ? { ...item, ...change } : item));
    setItems(queue.current);
  }, []);

  const uploadOne = useCallback(
    async (item: Item) => {
      patch(item.key, { phase: "uploading", error: undefined });
      const { Upload: TusUpload } = await import("tus-js-client");
      const endpoint = hostBase(mediaApi.tus.host) + mediaApi.tus.path;
      const upload = (token: UploadToken) =>
        new TusUpload(item.file, {
          endpoint,
          chunkSize: mediaLimits.chunkBytes,
          retryDelays: [1000, 3000, 5000].slice(0, mediaLimits.retries),
          // The session and video go with the upload's address in this browser's storage, so the
          // same file chosen again after a reload or a closed tab goes on from the server's offset.
          metadata: { token: token.token, filename: item.file.name, video_id: String(token.video_id), roomid: String(roomId) },
          removeFingerprintOnSuccess: true,
          onBeforeRequest: (req) => {
            (req.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
          },
          onProgress: (bytes, total) => patch(item.key, { share: total ? bytes / total : 1 }),
        });
      const run = (tus: Upload) =>
        new Promise<void>((resolve, reject) => {
          patch(item.key, { tus });
          tus.options.onSuccess = () => resolve();
          tus.options.onError = (error) => reject(new Error(tusMessage(error, uploadFailedMessage)));
          tus.start();
        });
      const fresh = async () => (await send<UploadToken>(mediaApi.uploadToken, { roomid: roomId, filename: item.file.name, size: item.file.size })).data;

      let token = item.token;
      if (item.tus) await run(item.tus);
      else {
        const earlier = token ? undefined : (await new TusUpload(item.file, { endpoint }).findPreviousUploads()).find((p) => p.metadata.roomid === String(roomId) && p.metadata.token && Number(p.metadata.video_id) > 0);
        if (earlier) {
          token = { token: earlier.metadata.token, video_id: Number(earlier.metadata.video_id) };
          patch(item.key, { token });
          const resumed = upload(token);
          resumed.resumeFromPreviousUpload(earlier);
          // An earlier upload the server no longer holds open (finished, deleted, abandoned) is started anew.
          const failed = await run(resumed).then(() => false, () => true);
          if (failed) {
            await resumed.abort(false).catch(() => {});
            token = undefined;
          }
        }
        if (!token || !earlier) {
          token ??= await fresh();
          patch(item.key, { token });
          await run(upload(token));
        }
      }
      patch(item.key, { phase: "finishing", share: 1, token });
      await send(mediaApi.uploadComplete, { video_id: token!.video_id });
      patch(item.key, { phase: "done" });
      onAdded();
    },
    [onAdded, patch, roomId, send],
  );

  // One file at a time (3 §9): the next starts when the last is done or failed.
  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = queue.current.find((i) => i.phase === "waiting"); next; next = queue.current.find((i) => i.phase === "waiting")) {
        try {
          await uploadOne(next);
        } catch (error) {
          patch(next.key, { phase: "failed", error: error instanceof Error && !("statusCode" in error) ? error.message : errorText(error) });
        }
      }
    } finally {
      running.current = false;
    }
  }, [patch, uploadOne]);

  const add = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const refused = chosen.map((file) => [file, fileProblem(file)] as const).filter(([, problem]) => problem);
    for (const [file, problem] of refused) notify?.({ type: "error", message: `${file.name}：${problem}` });
    const fresh = chosen.filter((file) => !fileProblem(file)).map((file): Item => ({ key: `${file.name}-${file.size}-${Math.random()}`, file, phase: "waiting", share: 0 }));
    if (!fresh.length) return;
    queue.current = [...queue.current, ...fresh];
    setItems(queue.current);
    setOpen(true);
    void pump();
  };

  const retry = (item: Item) => {
    patch(item.key, { phase: "waiting" });
    void pump();
  };

  const busy = items.some((i) => i.phase === "uploading" || i.phase === "waiting" || i.phase === "finishing");
  const list = (
    <List
      size="small"
      style={{ width: 360 }}
      dataSource={items}
      renderItem={(item) => (
        <List.Item actions={item.phase === "failed" ? [<Button key="retry" type="link" size="small" onClick={() => retry(item)}>重试</Button>] : []}>
          <div style={{ width: "100%" }} data-testid="upload-item">
            <Typography.Text ellipsis={{ tooltip: item.file.name }} style={{ maxWidth: 260 }}>
              {item.file.name}
            </Typography.Text>
            <Progress
              percent={Math.floor(item.share * 100)}
              size="small"
              status={item.phase === "failed" ? "exception" : item.phase === "done" ? "success" : "active"}
              format={() => ({ waiting: "等待中", uploading: `${Math.floor(item.share * 100)}%`, finishing: "处理中", done: "已上传", failed: "失败" })[item.phase]}
            />
            {item.error && <Typography.Text type="danger">{item.error}</Typography.Text>}
          </div>
        </List.Item>
      )}
    />
  );

  return (
    <>
      <input ref={input} type="file" multiple hidden accept={mediaLimits.types.map((t) => `.${t}`).join(",")} aria-label="选择视频文件" data-testid="media-file-input" onChange={(e) => {
        add(e.target.files);
        e.target.value = "";
      }} />
      <Popover open={open && items.length > 0} onOpenChange={setOpen} content={list} title="上传列表" trigger="click" placement="bottomRight">
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => (items.length ? setOpen(!open) : input.current?.click())}>
          上传视频
        </Button>
      </Popover>
      {items.length > 0 && (
        <Button onClick={() => input.current?.click()}>添加文件</Button>
      )}
    </>
  );
}
