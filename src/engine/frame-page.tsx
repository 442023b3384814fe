import { Button, Card, Empty, Form, Modal, Result, Select, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { hostBase } from "../../providers/hosts";
import { frameMessages, frameReloadMs, type FrameDecl } from "../../resources/kernel/frame";
import { usePageBack } from "../lib/shell-back";
import { AccessGate } from "./access-gate";
import { frameAddress, frameOrigin } from "./frame-address";
import { useFrameToken } from "./use-frame-token";
import { useCall } from "../lib/use-call";

/**
 * A frame page generated from its declaration (resources/kernel/frame.ts; the tools of 3 §2.5, §4):
 * the admin top bar is its header (返回 and the title, as on every page), the frame fills the card below.
 */
export function FramePage({ tool }: { tool: FrameDecl }) {
  return (
    <AccessGate menuKey={tool.menuKey}>{tool.chooser ? <ChosenFrame tool={tool} chooser={tool.chooser} /> : <ToolFrame tool={tool} />}</AccessGate>
  );
}

/**
 * A frame for the record chosen above it (`chooser`, 3 §2.4 /aichat): 查询 puts the choice in the
 * address, and the frame is drawn anew for it, with a fresh token and address.
 */
function ChosenFrame({ tool, chooser }: { tool: FrameDecl; chooser: NonNullable<FrameDecl["chooser"]> }) {
  const [search, setSearch] = useSearchParams();
  const current = search.get(chooser.param) ?? "";
  const [picked, setPicked] = useState<string | undefined>(current || undefined);
  const rows = useCall<Record<string, unknown>[]>(chooser.call, chooser.query);
  const options = (Array.isArray(rows.answer?.data) ? rows.answer.data : []).map((row) => ({ value: String(row[chooser.value]), label: String(row[chooser.label]) }));
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16 }} onFinish={() => picked && setSearch({ [chooser.param]: picked })}>
        <Form.Item label={chooser.title}>
          <Select
            aria-label={chooser.title}
            style={{ width: 320 }}
            showSearch
            optionFilterProp="label"
            placeholder={chooser.placeholder}
            loading={rows.loading}
            notFoundContent={rows.error ? `加载失败：${rows.error.message}` : chooser.none}
            options={options}
            value={picked}
            onChange={setPicked}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" disabled={!picked}>
            {chooser.button}
          </Button>
        </Form.Item>
      </Form>
      {current ? <ToolFrame key={current} tool={tool} /> : <Card><Empty description={chooser.choose} /></Card>}
    </>
  );
}

function ToolFrame({ tool }: { tool: FrameDecl }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { state, retry } = useFrameToken(tool.token, tool.name);
  const [shown, setShown] = useState(false);
  const [src, setSrc] = useState("");
  const frame = useRef<HTMLIFrameElement>(null);
  // Set while the frame says leaving would lose work (`goBackTip`).
  const unsaved = useRef(false);
  const [modal, modalHolder] = Modal.useModal();
  const base = hostBase("openIframe");

  // A new token gives a new address; the frame is taken away and put back 100 ms later so it
  // loads afresh even where the address alone would not make it (3 §4).
  const token = state.status === "ready" ? state.token : null;
  useEffect(() => {
    setShown(false);
    unsaved.current = false;
    if (!token) return;
    setSrc(frameAddress(tool, base, token, search));
    const timer = setTimeout(() => setShown(true), frameReloadMs);
    return () => clearTimeout(timer);
    // The address is built once per token: a token is fetched for every entry, parameters included.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  useEffect(() => {
    if (!tool.backGuard) return;
    const origin = frameOrigin(base);
    const listen = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; flag?: unknown } | null;
      if (data && data.type === "goBackTip") unsaved.current = !!data.flag;
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [tool.backGuard, base]);

  // 3 §2.5: with unsaved work the page asks whether to save; 确定 stays to save, only 取消 leaves.
  const back = () => {
    if (!tool.backGuard || !unsaved.current) return navigate(-1);
    modal.confirm({ title: tool.backGuard.question, okText: "确定", cancelText: "取消", onCancel: () => navigate(-1) });
  };

  usePageBack(tool.back ? back : null);

  return (
    <Card styles={{ body: { padding: 0 } }}>
      {modalHolder}
      {state.status === "failed" ? (
        <Result status="error" title={frameMessages.tokenFailed} extra={<Button onClick={retry}>重试</Button>} />
      ) : shown ? (
        <iframe
          ref={frame}
          title={tool.title}
          src={src}
          allow={tool.allow}
          style={{ display: "block", width: "100%", height: "calc(100vh - 136px)", minHeight: 480, border: 0 }}
        />
      ) : (
        <div style={{ padding: "64px 0", textAlign: "center" }} aria-busy="true">
          <Spin />
        </div>
      )}
    </Card>
  );
}
