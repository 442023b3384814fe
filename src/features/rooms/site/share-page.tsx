import { Alert, Button, Card, Form, Input, Result, Space, Tag, Typography } from "antd";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { request } from "../../../../providers/http";
import { isMobileAgent, roomApi, roomMessages, type ShareAnswers, type ShareInfo } from "../../../../resources/rooms/room-api";
import { answersOf } from "../../../../resources/rooms/room-registration";
import shareEnterSchema from "../../../../schemas/rooms/room.share-enter.schema.json";
import { PageLoading } from "../../../components/page-loading";
import { schemaRules } from "../../../engine/light-rules";
import type { FormHandle, FormValues } from "../../../engine/schema-form";
import { palette } from "../../../lib/theme";
import { stateLabels, stateTones } from "./room-labels";
import { PasswordInput } from "../../../components/password-input";

/** The answers' own rules (their lengths, in the schema's words), beside the messages of what each live asks. */
const answerRules = schemaRules(shareEnterSchema);

const RegistrationForm = lazy(() => import("./registration-form").then((m) => ({ default: m.RegistrationForm })));

type Load = { status: "loading" } | { status: "failed"; msg: string } | { status: "ready"; info: ShareInfo };
interface Credentials {
  name?: string;
  username?: string;
  password?: string;
}

/**
 * A share link's page (2 §2 no-verification and replay links, 2 §3 validator settings): the live,
 * its introduction, and what its verification asks (a name on a name_ link, a whitelist username
 * and password, the single password, the registration form); then the room, as a viewer.
 */
export function SharePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const guid = search.get("guid") ?? "";
  const replayLink = search.get("replay") === "1";
  const byName = search.get("byname") === "1";
  const livetype = search.get("livetype") ?? "all";
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [error, setError] = useState("");
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Credentials>();
  const registration = useRef<FormHandle>(null);

  useEffect(() => {
    let live = true;
    request<ShareInfo>(roomApi.share, { guid, replay: replayLink ? 1 : 0 }).then(
      (answer) => live && setLoad(answer.code === 0 ? { status: "ready", info: answer.data } : { status: "failed", msg: answer.msg }),
      () => live && setLoad({ status: "failed", msg: roomMessages.networkError }),
    );
    return () => {
      live = false;
    };
  }, [guid, replayLink]);

  if (load.status === "loading") return <PageLoading fullScreen />;
  if (load.status === "failed") return <Result status="warning" title={load.msg} />;
  const { info } = load;
  const playback = replayLink || livetype === "playback" || (livetype === "all" && info.state === 2);

  const enter = async (answers?: FormValues) => {
    setError("");
    setBusy(true);
    const credentials = form.getFieldsValue();
    const body: ShareAnswers = {
      guid,
      replay: replayLink ? 1 : 0,
      playback: playback ? 1 : 0,
      byname: byName ? 1 : 0,
      ...credentials,
      ...(answers ? { answers: answersOf(info.fields, answers) } : {}),
      ...(search.get("exparam") ? { exparam: search.get("exparam")! } : {}),
    };
    try {
      const answer = await request<{ token: string; nick_name: string }>(roomApi.shareEnter, body as unknown as Record<string, unknown>);
      if (answer.code !== 0) {
        // A registration answer's message goes under its field (f0, f1, …); any other above the button.
        const field = (answer.data as { field?: unknown } | null)?.field;
        return typeof field === "string" && /^f\d+$/.test(field) ? setAnswerErrors({ [field]: answer.msg }) : setError(answer.msg);
      }
      const room = new URLSearchParams({ token: answer.data.token, nickname: answer.data.nick_name });
      navigate(`/room/${isMobileAgent(navigator.userAgent) ? "h5/" : ""}?${room}`, { replace: true });
    } catch {
      setError(roomMessages.networkError);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (info.fields.length) registration.current?.submit();
    else await enter();
  };

  return (
    <main style={{ minHeight: "100vh", background: "#f5f7fb", padding: "32px 16px", boxSizing: "border-box" }}>
      <Card style={{ maxWidth: 560, margin: "0 auto" }}>
        <Space direction="vertical" size={12} style={{ width: "100%" }}>
          {info.logo_url && <img src={info.logo_url} alt="机构标志" width={120} height={100} style={{ objectFit: "contain" }} />}
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            {info.title}
          </Typography.Title>
          <Space wrap>
            <Tag style={stateTones[info.state]}>{playback ? "回放" : stateLabels[info.state]}</Tag>
            <span style={{ color: palette.mutedText }}>
              {info.begintime} 至 {info.endtime}
            </span>
          </Space>
          {info.poster && <img src={info.poster} alt="直播海报" style={{ width: "100%", borderRadius: 8 }} />}
          {/* Sanitised by the server when stored and again when answered (server/services/rooms/share-access.ts). */}
          {info.desc && <div className="share-desc" dangerouslySetInnerHTML={{ __html: info.desc }} />}
          <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
            {byName && (
              <Form.Item name="name" label="您的名字" rules={[{ required: true, whitespace: true, message: roomMessages.nameNeeded }, ...answerRules.name]}>
                <Input placeholder="请输入您的名字" />
              </Form.Item>
            )}
            {info.check === 2 && (
              <>
                <Form.Item name="username" label="用户名" rules={[{ required: true, whitespace: true, message: roomMessages.whitelistNeeded }, ...answerRules.username]}>
                  <Input autoComplete="username" placeholder="请输入用户名" />
                </Form.Item>
                <Form.Item name="password" label="密码" rules={[{ required: true, message: roomMessages.whitelistNeeded }, ...answerRules.password]}>
                  <PasswordInput autoComplete="current-password" placeholder="请输入密码" />
                </Form.Item>
              </>
            )}
            {info.check === 3 && (
              <Form.Item name="password" label="观看密码" rules={[{ required: true, message: roomMessages.passwordNeeded }, ...answerRules.password]}>
                <PasswordInput placeholder="请输入密码" />
              </Form.Item>
            )}
          </Form>
          {info.fields.length > 0 && (
            <Suspense fallback={<PageLoading />}>
              <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
                报名信息
              </Typography.Title>
              <RegistrationForm fields={info.fields} formRef={registration} onSubmit={(values) => void enter(values)} serverErrors={answerErrors} onServerErrorsSeen={() => setAnswerErrors(undefined)} />
            </Suspense>
          )}
          {error && <Alert type="error" showIcon message={error} />}
          <Button type="primary" size="large" block loading={busy} onClick={() => void submit()}>
            {playback ? "观看回放" : "进入直播"}
          </Button>
        </Space>
      </Card>
    </main>
  );
}
