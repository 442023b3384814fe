import { DeleteOutlined, PictureOutlined, UploadOutlined } from "@ant-design/icons";
import type { WidgetProps } from "@rjsf/utils";
import { Button, Flex, Image, Progress, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { httpsUrl, imageUpload, uploadApi } from "../../resources/upload";
import { errorText, upload } from "../../providers/http";
import { imageFileProblem, imageRulesText } from "../lib/image-file";
import { formValuesOf } from "./form-values";

type Phase = { kind: "idle" } | { kind: "checking" } | { kind: "uploading"; percent: number } | { kind: "failed"; message: string };

const box = { width: 160, height: 90, borderRadius: 6, border: "1px dashed #d9d9d9", background: "#fafafa", overflow: "hidden" } as const;

/**
 * `"ui:widget": "imageUpload"`: a cover picked from disk, checked in the browser (type, first
 * bytes, size: resources/upload.ts), sent to the upload call with its progress shown, and kept as
 * the URL the server answers. The preview can be replaced or removed.
 */
export function ImageUploadWidget({ id, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<AbortController | null>(null);
  // Closing the dialog mid-upload drops the upload.
  useEffect(() => () => pending.current?.abort(), []);

  const busy = phase.kind === "checking" || phase.kind === "uploading";
  // 确定 during an upload would save the record without the picture the person is waiting for.
  const form = formValuesOf(registry);
  useEffect(() => {
    form?.setWorking(id, busy ? "图片上传中，请稍候" : null);
    return () => form?.setWorking(id, null);
  }, [form, id, busy]);
  const locked = disabled || readonly || busy;
  const url = typeof value === "string" && value ? httpsUrl(value) : null;

  async function take(file: File) {
    setPhase({ kind: "checking" });
    const problem = await imageFileProblem(file);
    if (problem) return setPhase({ kind: "failed", message: problem });
    const controller = new AbortController();
    pending.current = controller;
    setPhase({ kind: "uploading", percent: 0 });
    try {
      const answer = await upload<{ url: string }>(uploadApi.upload, file, {
        signal: controller.signal,
        onProgress: (share) => setPhase({ kind: "uploading", percent: Math.round(share * 100) }),
      });
      onChange(answer.url);
      setPhase({ kind: "idle" });
    } catch (error) {
      if (!controller.signal.aborted) setPhase({ kind: "failed", message: errorText(error) });
    }
  }

  return (
    <Flex vertical gap={6}>
      <Flex gap={16} align="center">
        <Flex style={box} align="center" justify="center">
          {phase.kind === "uploading" ? (
            <Progress type="circle" size={56} percent={phase.percent} aria-label="上传进度" />
          ) : url ? (
            <Image src={url} alt="封面预览" width={160} height={90} style={{ objectFit: "cover" }} />
          ) : (
            <PictureOutlined style={{ fontSize: 28, color: "#bfbfbf" }} />
          )}
        </Flex>
        <Flex vertical gap={4} align="flex-start">
          <Button icon={<UploadOutlined />} disabled={locked} loading={busy} onClick={() => input.current?.click()}>
            {busy ? "上传中" : url ? "更换图片" : "上传图片"}
          </Button>
          {url && (
            <Button type="link" danger size="small" icon={<DeleteOutlined />} disabled={locked} onClick={() => onChange("")} style={{ paddingInline: 0 }}>
              删除图片
            </Button>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {imageRulesText()}
          </Typography.Text>
        </Flex>
      </Flex>
      {phase.kind === "failed" && (
        <Typography.Text type="danger" role="alert">
          {phase.message}
        </Typography.Text>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={Object.keys(imageUpload.types).join(",")}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file picked again after a refusal still counts as a change.
          event.target.value = "";
          if (file) void take(file);
        }}
      />
    </Flex>
  );
}
