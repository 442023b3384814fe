import { Button, Descriptions, Space, Spin, Typography } from "antd";
import { parseLiveConfig } from "../../../../resources/lives/live-config";
import type { LiveRecord } from "../../../../resources/lives/live-api";
import { pushApi } from "../../../../resources/rooms/room-api";
import type { FormPanelProps } from "../../../engine/form-page-parts";
import { useCall } from "../../../lib/use-call";

interface PushAddress {
  url: string;
  key: string;
}

const manualPush = (config: unknown) => parseLiveConfig(typeof config === "string" ? config : "").pushStreamType === "1";

/** The address and key of a saved live, each copyable, for the encoder's 服务器 and 串流密钥. */
function PushAddressOf({ liveId, saved }: { liveId: number; saved: boolean }) {
  const { answer, error, loading, retry } = useCall<PushAddress>(pushApi.address, { liveid: liveId });
  if (error)
    return (
      <Space>
        <Typography.Text type="danger">{error.message || "推流地址加载失败"}</Typography.Text>
        <Button size="small" onClick={retry}>
          重试
        </Button>
      </Space>
    );
  if (loading || !answer) return <Spin size="small" />;
  const { url, key } = answer.data;
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: "url", label: "推流地址", children: <Typography.Text copyable={{ text: url }}>{url}</Typography.Text> },
          { key: "key", label: "推流密钥", children: <Typography.Text copyable={{ text: key }}>{key}</Typography.Text> },
        ]}
      />
      {!saved && <Typography.Text type="secondary">保存修改后，才能用此地址推流</Typography.Text>}
    </>
  );
}

/**
 * The panel `livePush` under the live form's settings: with 手动推流 chosen (pushStreamType 1), the
 * RTMP address and stream key an encoder such as OBS pushes the live to; a live not saved yet has none.
 */
export function PushPanel({ values, params, record }: FormPanelProps) {
  if (!manualPush(values.config)) return null;
  const liveId = params.liveId ?? 0;
  return (
    <fieldset className="live-config-fieldset">
      <legend>推流设置</legend>
      {liveId > 0 ? (
        <PushAddressOf liveId={liveId} saved={manualPush((record as LiveRecord | undefined)?.Config)} />
      ) : (
        <Typography.Text type="secondary">保存直播后生成推流地址</Typography.Text>
      )}
    </fieldset>
  );
}
