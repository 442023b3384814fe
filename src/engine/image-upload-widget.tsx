import { DeleteOutlined, PictureOutlined, UploadOutlined } from "../components/icons";
import type { WidgetProps } from "@rjsf/utils";
import { Button, Flex, Image, Progress, Typography, Upload } from "antd";
import ImgCrop from "antd-img-crop";
import { useCallback, useEffect, useRef, useState } from "react";
import { httpsUrl, imageRules, uploadApi, type ImageRuleName } from "../../resources/kernel/upload";
import { errorText, upload } from "../../providers/http";
import { imageFileProblem, imageRulesText } from "../lib/image-file";
import { formValuesOf } from "./form-values";
import { resizeImage, type Size } from "./image-resize";

type Phase = { kind: "idle" } | { kind: "checking" } | { kind: "uploading"; percent: number } | { kind: "failed"; message: string };

const frame = { borderRadius: 6, border: "1px dashed #d9d9d9", background: "#fafafa", overflow: "hidden" } as const;
const previewWidth = 160;

/** `"ui:options": { "crop": [480, 320] }`: the size an image is cropped and resized to. */
function cropSize(options: WidgetProps["options"]): Size | null {
  const crop = options.crop as unknown;
  return Array.isArray(crop) && crop.length === 2 ? { width: Number(crop[0]), height: Number(crop[1]) } : null;
}

/** `"ui:options": { "rule": "verification" }`: the rule of resources/kernel/upload.ts the image is judged by. */
const ruleName = (options: WidgetProps["options"]): ImageRuleName =>
  typeof options.rule === "string" && Object.hasOwn(imageRules, options.rule) ? (options.rule as ImageRuleName) : "cover";

/**
 * `"ui:widget": "imageUpload"`: the image field below inside an RJSF form, which is kept from being
 * submitted while an image is on its way.
 */
export function ImageUploadWidget({ id, value, onChange, disabled, readonly, registry, options }: WidgetProps) {
  // 确定 during an upload would save the record without the picture the person is waiting for.
  const form = formValuesOf(registry);
  const onBusy = useCallback((busy: boolean) => form?.setWorking(id, busy ? "图片上传中，请稍候" : null), [form, id]);
  useEffect(() => () => form?.setWorking(id, null), [form, id]);
  return (
    <ImageUploadField
      id={id}
      value={typeof value === "string" ? value : ""}
      onChange={onChange}
      disabled={disabled || readonly}
      crop={cropSize(options)}
      rule={ruleName(options)}
      onBusy={onBusy}
      // `"ui:options": { "alt": "营业执照预览" }`: what the preview is, where it is not a cover.
      alt={typeof options.alt === "string" ? options.alt : undefined}
    />
  );
}

export interface ImageUploadFieldProps {
  id: string;
  value: string;
  onChange: (url: string) => void;
  disabled?: boolean;
  /** The size the picked image is cropped and resized to; none keeps it as picked. */
  crop?: Size | null;
  /** The rule it is judged by, in the browser and on the server (resources/kernel/upload.ts imageRules). */
  rule?: ImageRuleName;
  /** Told when an upload starts and ends. */
  onBusy?: (busy: boolean) => void;
  /** What the preview shows, for a screen reader. */
  alt?: string;
}

/**
 * An image picked from disk, checked in the browser (type, first bytes, size: the rule of
 * resources/kernel/upload.ts), sent to the upload call with its progress shown, and kept as the URL the
 * server answers. The preview can be replaced or removed. With a `crop` size the picked image is
 * cropped to that shape in antd-img-crop's dialog, then redrawn at exactly that size before it is
 * sent (2 §5: product and ad images 480×320, the verification logo 120×100).
 */
export function ImageUploadField({ id, value, onChange, disabled, crop = null, rule = "cover", onBusy, alt = "封面预览" }: ImageUploadFieldProps) {
  const judged = imageRules[rule];
  // The preview has the shape the image will have: a course's 16:9 cover, or the declared crop.
  const preview = { width: previewWidth, height: Math.round(crop ? (previewWidth * crop.height) / crop.width : (previewWidth * 9) / 16) };
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const pending = useRef<AbortController | null>(null);
  // Closing the dialog mid-upload drops the upload.
  useEffect(() => () => pending.current?.abort(), []);

  const busy = phase.kind === "checking" || phase.kind === "uploading";
  useEffect(() => onBusy?.(busy), [onBusy, busy]);
  const locked = disabled || busy;
  const url = value ? httpsUrl(value) : null;
  const accept = Object.keys(judged.types).join(",");

  async function take(picked: File) {
    setPhase({ kind: "checking" });
    const problem = await imageFileProblem(picked, judged);
    if (problem) return setPhase({ kind: "failed", message: problem });
    let file = picked;
    try {
      if (crop) file = await resizeImage(picked, crop);
    } catch (error) {
      return setPhase({ kind: "failed", message: errorText(error) });
    }
    const controller = new AbortController();
    pending.current = controller;
    setPhase({ kind: "uploading", percent: 0 });
    try {
      const answer = await upload<{ url: string }>(uploadApi.upload, file, {
        signal: controller.signal,
        query: rule === "cover" ? undefined : { rule },
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
        <Flex style={{ ...frame, ...preview }} align="center" justify="center">
          {phase.kind === "uploading" ? (
            <Progress type="circle" size={56} percent={phase.percent} aria-label="上传进度" />
          ) : url ? (
            <Image src={url} alt={alt} width={preview.width} height={preview.height} style={{ objectFit: "cover" }} />
          ) : (
            <PictureOutlined style={{ fontSize: 28, color: "#bfbfbf" }} />
          )}
        </Flex>
        <Flex vertical gap={4} align="flex-start">
          {crop ? (
            <ImgCrop
              aspect={crop.width / crop.height}
              quality={0.92}
              modalTitle="裁剪图片"
              modalOk="确定"
              modalCancel="取消"
              // The rules are checked before the crop dialog opens, so a refused file never reaches it.
              beforeCrop={async (file) => {
                const problem = await imageFileProblem(file, judged);
                if (problem) setPhase({ kind: "failed", message: problem });
                return !problem;
              }}
            >
              <Upload
                accept={accept}
                showUploadList={false}
                disabled={locked}
                beforeUpload={(file) => {
                  void take(file);
                  // The widget sends the file itself, with its progress and the form's lock.
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} disabled={locked} loading={busy}>
                  {busy ? "上传中" : url ? "更换图片" : "上传图片"}
                </Button>
              </Upload>
            </ImgCrop>
          ) : (
            <Button icon={<UploadOutlined />} disabled={locked} loading={busy} onClick={() => input.current?.click()}>
              {busy ? "上传中" : url ? "更换图片" : "上传图片"}
            </Button>
          )}
          {url && (
            <Button type="link" danger size="small" icon={<DeleteOutlined />} disabled={locked} onClick={() => onChange("")} style={{ paddingInline: 0 }}>
              删除图片
            </Button>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {imageRulesText(judged)}
            {crop && `，裁剪为${crop.width}×${crop.height}`}
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
        accept={accept}
        hidden
        // antd's form styles show every file input as a block, `hidden` notwithstanding.
        style={{ display: "none" }}
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
