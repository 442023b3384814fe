import { useNotification } from "@refinedev/core";
import { Alert, Button, Modal, Popconfirm, Space, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { audioStates, liveMediaApi, mediaApi, mediaMessages, mediaLimits, type AudioItem } from "../../../resources/vod/media-api";
import { errorText } from "../../../providers/http";
import type { CallRowPartProps, EngineRegistry, ListPartProps, RowPartProps } from "../../engine/registry";
import { useCall, useCallMutation } from "../../lib/use-call";

/** 预览下载 of a courseware file (2 §2 /downloadDoc): the file in a new window, where the browser shows or saves it. */
function DocOpen({ row }: CallRowPartProps) {
  const url = String(row.Url ?? "");
  return (
    <Button type="link" size="small" href={url} target="_blank" rel="noopener noreferrer" disabled={!url}>
      预览下载
    </Button>
  );
}

/** 下载 of an audio file: the browser saves it under its name. */
function AudioDownload({ row }: CallRowPartProps) {
  const item = row as unknown as AudioItem;
  return (
    <Button type="link" size="small" href={item.cdn_url} download={item.name}>
      下载
    </Button>
  );
}

/** 预览 of an audio file: played in a dialog. */
function AudioPreview({ row }: CallRowPartProps) {
  const item = row as unknown as AudioItem;
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        预览
      </Button>
      <Modal open={open} title={item.name} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <audio src={item.cdn_url} controls autoPlay style={{ width: "100%" }} />
      </Modal>
    </>
  );
}

interface AudioStatus {
  status: number;
  meta_url: string;
}

/**
 * The audio conversion's state above the files (2 §4): 2 not converted, with 开始转换; 0 converting,
 * asked after every 30 s; 1 done, when the files below are read again.
 */
function AudioConvert({ params, reload }: ListPartProps) {
  const liveid = Number(params?.liveid ?? 0);
  const { open: notify } = useNotification();
  const { send, busy } = useCallMutation();
  const status = useCall<AudioStatus>(liveMediaApi.audioStatus, { liveid }, {
    enabled: liveid > 0,
    refreshMs: mediaLimits.audioPollMs,
    refreshWhile: (answer) => answer?.data.status === audioStates.converting,
  });
  const state = status.answer?.data.status;
  const last = useRef(state);
  useEffect(() => {
    if (last.current !== state && state === audioStates.done) reload();
    last.current = state;
  }, [state, reload]);

  const start = async () => {
    try {
      const answer = await send(liveMediaApi.convertAudio, { liveid });
      notify?.({ type: "success", message: answer.msg || mediaMessages.audioStarted });
      status.retry();
    } catch (error) {
      notify?.({ type: "error", message: errorText(error) });
    }
  };

  if (status.error) return <Alert type="error" showIcon message="音频状态加载失败" action={<Button size="small" onClick={status.retry}>重试</Button>} />;
  if (state === undefined) return <Spin size="small" />;
  if (state === audioStates.converting)
    return <Alert type="info" showIcon message="音频转换中，请稍候（每30秒自动刷新）" icon={<Spin size="small" />} data-testid="audio-state" />;
  if (state === audioStates.done)
    return (
      <Space>
        <Alert type="success" showIcon message="音频已转换完成，可下载或预览" data-testid="audio-state" />
      </Space>
    );
  return (
    <Space data-testid="audio-state">
      <Alert type="warning" showIcon message="音频尚未转换" />
      <Button type="primary" loading={busy} onClick={() => void start()}>
        开始转换
      </Button>
    </Space>
  );
}

/** 视频下载 of a live's row (2 §2, videoDown): its replay's address, saved by the browser. */
function LiveVideoDown({ row, open, onClose }: RowPartProps) {
  const { open: notify } = useNotification();
  const answer = useCall<{ url: string; title: string }>(liveMediaApi.replayDownload, { liveid: Number(row.Id) }, { enabled: open });
  const done = useRef(false);
  useEffect(() => {
    if (!open) {
      done.current = false;
      return;
    }
    if (done.current) return;
    if (answer.error) {
      done.current = true;
      notify?.({ type: "error", message: answer.error.message });
      onClose();
    } else if (answer.answer) {
      done.current = true;
      const link = document.createElement("a");
      link.href = answer.answer.data.url;
      link.download = `${answer.answer.data.title}.mp4`;
      link.click();
      onClose();
    }
  }, [open, answer.answer, answer.error, notify, onClose]);
  return null;
}

/** 恢复 of a recycled video or recording: back to its session (off shelf) or live, then the list again. */
function MediaRestore({ row, reload }: CallRowPartProps) {
  const { open: notify } = useNotification();
  const { send, busy } = useCallMutation();
  const restore = async () => {
    try {
      const answer = await send(mediaApi.restore, { kind: row.kind, id: row.id });
      notify?.({ type: "success", message: answer.msg || "恢复成功" });
    } catch (error) {
      notify?.({ type: "error", message: errorText(error) });
    }
    reload();
  };
  return (
    <Button type="link" size="small" loading={busy} onClick={() => void restore()}>
      恢复
    </Button>
  );
}

/** 彻底删除 of a recycled item, after its confirmation: the row and its files go for good. */
function MediaPurge({ row, reload }: CallRowPartProps) {
  const { open: notify } = useNotification();
  const { send } = useCallMutation();
  return (
    <Popconfirm
      title={`确定彻底删除「${String(row.filename)}」吗？删除后无法恢复`}
      okButtonProps={{ danger: true }}
      onConfirm={async () => {
        try {
          const answer = await send(mediaApi.purge, { kind: row.kind, id: row.id });
          notify?.({ type: "success", message: answer.msg || "删除成功" });
        } catch (error) {
          notify?.({ type: "error", message: errorText(error) });
        }
        reload();
      }}
    >
      <Button type="link" size="small" danger>
        彻底删除
      </Button>
    </Popconfirm>
  );
}

/** What the recorded media lend the engine (resources/vod/screens.ts, the live rows' 视频下载). */
export const vodEngineParts: Partial<EngineRegistry> = {
  callRowActions: { docOpen: DocOpen, audioDownload: AudioDownload, audioPreview: AudioPreview, mediaRestore: MediaRestore, mediaPurge: MediaPurge },
  listParts: { audioConvert: AudioConvert },
  rowParts: { liveVideoDown: LiveVideoDown },
};
