import { useNotification } from "@refinedev/core";
import { Alert, Button, Card, Empty, Modal, Popconfirm, Result, Space, Table, Tag, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { liveApi, type LiveRecord } from "../../../../resources/lives/live-api";
import { mediaApi, mediaConflictCode, mediaMessages, mediaStatus, mediaStatusLabels, type MediaFile, type MediaStatus } from "../../../../resources/vod/media-api";
import { vodPages } from "../../../../resources/vod/routes";
import { errorText } from "../../../../providers/http";
import { useCall, useCallMutation } from "../../../lib/use-call";
import { formatBytes } from "../../../lib/format";
import { durationText } from "../../../engine/cells";
import { mergeNews, renumber, sameOrder, sequenceOf, shelfOrder } from "./media-order";
import { ShelfList } from "./shelf-list";
import { CallTable } from "../../../engine/call-table";
import { recycledMedia } from "../../../../resources/vod/screens";
import { MediaUpload } from "./media-upload";
import "./media-binding.css";

interface MediaAnswer {
  media_list: MediaFile[];
  version: string;
}

const statusColors: Record<MediaStatus, string> = { onShelf: "#237804", offShelf: "default", transcoding: "blue", failed: "red" };
const positive = (text: string | null) => (text && /^[1-9]\d*$/.test(text) ? Number(text) : null);

/**
 * /bindingRecordMedia?liveId&courseId&courseType (3 §2.1, §4): a recorded session's videos. The
 * on-shelf ones in the order students watch them (dragged by pointer or keyboard), the others with
 * their state; 上架 puts an off-shelf video last, 下架 takes one off, 保存 sends the whole order with
 * the version it was loaded at. A save over someone else's shows both orders side by side, to
 * give up (reload) or overwrite (3 §8). Transcoding videos are asked after every 5 s.
 */
export function MediaBindingPage() {
  const [params] = useSearchParams();
  const liveId = positive(params.get("liveId"));
  const courseId = positive(params.get("courseId"));
  const navigate = useNavigate();
  const { open: notify } = useNotification();
  const back = () => (courseId ? navigate(`${vodPages.recordvoditemop.route}?courseId=${courseId}`) : navigate(-1));

  const [draft, setDraft] = useState<MediaFile[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [loadedVersion, setLoadedVersion] = useState("");
  const [conflict, setConflict] = useState<MediaFile[] | null>(null);
  const [preview, setPreview] = useState<MediaFile | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const { send, busy } = useCallMutation();

  const session = useCall<LiveRecord>(liveApi.info, { liveid: liveId ?? 0 }, { enabled: !!liveId });
  const media = useCall<MediaAnswer>(mediaApi.list, { roomid: liveId ?? 0 }, {
    enabled: !!liveId,
    refreshMs: 5000,
    refreshWhile: (answer) => !!answer?.data.media_list.some((f) => mediaStatus(f) === "transcoding"),
  });
  const fresh = media.answer?.data;

  // A clean page follows the server; an edited one keeps its order and takes the transcoding news.
  useEffect(() => {
    if (!fresh) return;
    if (!dirty) {
      setDraft(fresh.media_list);
      setLoadedVersion(fresh.version);
    } else setDraft((current) => (current ? mergeNews(current, fresh.media_list) : fresh.media_list));
  }, [fresh, dirty]);

  const { onShelf, others } = useMemo(() => shelfOrder(draft ?? []), [draft]);
  const edit = (nextShelf: MediaFile[], nextOthers: MediaFile[]) => {
    setDraft(renumber(nextShelf, nextOthers));
    setDirty(true);
  };
  const putOn = (file: MediaFile) => edit([...onShelf, file], others.filter((f) => f.video_id !== file.video_id));
  const takeOff = (file: MediaFile) => edit(onShelf.filter((f) => f.video_id !== file.video_id), [{ ...file, idx: -1 }, ...others]);

  const save = async (overwrite: boolean) => {
    if (!liveId || !draft) return;
    try {
      const answer = await send<MediaAnswer>(mediaApi.sequence, { roomid: liveId, content: sequenceOf(draft), version: loadedVersion, ...(overwrite ? { overwrite: true } : {}) });
      setConflict(null);
      setDirty(false);
      setDraft(answer.data.media_list);
      setLoadedVersion(answer.data.version);
      notify?.({ type: "success", message: "保存成功" });
      media.retry();
    } catch (error) {
      if ((error as { code?: number }).code === mediaConflictCode) {
        notify?.({ type: "error", message: mediaMessages.conflict });
        const stored = await send<MediaAnswer>(mediaApi.list, { roomid: liveId }).catch(() => null);
        if (stored) {
          setConflict(stored.data.media_list);
          setLoadedVersion(stored.data.version);
        }
      } else notify?.({ type: "error", message: errorText(error) });
    }
  };

  const giveUp = () => {
    setConflict(null);
    setDirty(false);
    setDraft(null);
    media.retry();
  };

  if (!liveId)
    return <Result status="warning" title="未指定课节" subTitle="请从录播课节列表进入绑定视频" extra={<Button onClick={() => navigate(vodPages.recordvoditemop.route)}>返回</Button>} />;

  const title = session.answer?.data.Title;
  return (
    <Card
      title={`${vodPages.bindingRecordMedia.title}${title ? ` - ${title}` : ""}`}
      extra={
        <Space>
          <MediaUpload roomId={liveId} onAdded={media.retry} />
          <Button onClick={() => setBinOpen(true)}>回收站</Button>
          <Button type="primary" onClick={() => void save(false)} loading={busy} disabled={!dirty || !!conflict}>
            保存
          </Button>
          <Button onClick={back}>返回</Button>
        </Space>
      }
    >
      {media.error && !draft ? (
        <Result status="error" title="视频列表加载失败" subTitle={media.error.message} extra={<Button onClick={media.retry}>重试</Button>} />
      ) : (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          {conflict && (
            <Alert
              type="error"
              showIcon
              message={mediaMessages.conflict}
              description={
                <div className="media-conflict" data-testid="media-conflict">
                  <div>
                    <Typography.Text strong>其他用户保存的顺序</Typography.Text>
                    <ol>{shelfOrder(conflict).onShelf.map((f) => <li key={f.video_id}>{f.filename}</li>)}</ol>
                  </div>
                  <div>
                    <Typography.Text strong>本次修改的顺序</Typography.Text>
                    <ol>
                      {onShelf.map((f, i) => (
                        <li key={f.video_id} className={shelfOrder(conflict).onShelf[i]?.video_id === f.video_id ? undefined : "changed"}>
                          {f.filename}
                        </li>
                      ))}
                    </ol>
                  </div>
                </div>
              }
              action={
                <Space direction="vertical">
                  <Button onClick={giveUp}>放弃</Button>
                  <Button danger type="primary" onClick={() => void save(true)} loading={busy}>
                    覆盖
                  </Button>
                </Space>
              }
            />
          )}
          {dirty && !conflict && fresh && !sameOrder(draft ?? [], fresh.media_list) && <Alert type="info" showIcon message="顺序已修改，保存后学员按新的顺序观看" />}
          <section aria-label="已上架">
            <Typography.Title level={5}>已上架（{onShelf.length}）</Typography.Title>
            <ShelfList items={onShelf} locked={!!conflict} onReorder={(items) => edit(items, others)} onPreview={setPreview} onTakeOff={takeOff} />
          </section>
          <section aria-label="未上架">
            <Typography.Title level={5}>未上架（{others.length}）</Typography.Title>
            <Table<MediaFile>
              rowKey="video_id"
              size="small"
              loading={!draft && media.loading}
              dataSource={others}
              pagination={others.length > 20 ? { pageSize: 20 } : false}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={draft?.length ? "没有其他视频" : "还没有视频，点击「上传视频」添加"} /> }}
              columns={[
                { title: "文件名", dataIndex: "filename", ellipsis: true },
                {
                  title: "状态",
                  width: 220,
                  render: (_, f) => {
                    const status = mediaStatus(f);
                    return (
                      <Space size={4} wrap>
                        <Tag color={statusColors[status]}>{mediaStatusLabels[status]}</Tag>
                        {status === "failed" && f.reason && <Typography.Text type="danger">{f.reason}</Typography.Text>}
                      </Space>
                    );
                  },
                },
                { title: "时长", width: 80, render: (_, f) => (f.duration ? durationText(f.duration) : "—") },
                { title: "大小", width: 90, render: (_, f) => (f.size ? formatBytes(f.size) : "—") },
                {
                  title: "操作",
                  width: 170,
                  render: (_, f) => {
                    const status = mediaStatus(f);
                    return (
                      <Space size={4}>
                        <Button type="link" size="small" disabled={status !== "offShelf" || !!conflict} onClick={() => putOn(f)}>
                          上架
                        </Button>
                        <Button type="link" size="small" disabled={status !== "offShelf"} onClick={() => setPreview(f)}>
                          预览
                        </Button>
                        <Popconfirm
                          title={`确定删除视频「${f.filename}」吗？删除后可在回收站保留30天`}
                          okButtonProps={{ danger: true }}
                          onConfirm={async () => {
                            try {
                              await send(mediaApi.remove, { video_id: f.video_id });
                              notify?.({ type: "success", message: "删除成功" });
                              setDraft((current) => current?.filter((x) => x.video_id !== f.video_id) ?? null);
                              media.retry();
                            } catch (error) {
                              notify?.({ type: "error", message: errorText(error) });
                            }
                          }}
                        >
                          <Button type="link" size="small" danger disabled={!!conflict}>
                            删除
                          </Button>
                        </Popconfirm>
                      </Space>
                    );
                  },
                },
              ]}
            />
          </section>
        </Space>
      )}
      <Modal
        open={binOpen}
        title="回收站"
        footer={null}
        width={900}
        destroyOnHidden
        onCancel={() => {
          setBinOpen(false);
          // A video restored to this session comes back off shelf.
          media.retry();
        }}
      >
        <CallTable list={recycledMedia} params={{ page: 1, count: 100 }} size="small" />
      </Modal>
      <Modal open={!!preview} title={preview?.filename} footer={null} onCancel={() => setPreview(null)} width={720} destroyOnHidden>
        {preview && (
          <video src={preview.transcode_url} poster={preview.poster_url || undefined} controls autoPlay style={{ width: "100%", background: "#000" }}>
            <track kind="captions" />
          </video>
        )}
      </Modal>
    </Card>
  );
}
