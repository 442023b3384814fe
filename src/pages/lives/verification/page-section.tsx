import { Form, Skeleton, Typography } from "antd";
import { lazy, Suspense } from "react";
import { liveLimits, type ValidatorSettings } from "../../../../resources/live-api";
import { ImageUploadField } from "../../../engine/image-upload-widget";
import type { SettingsProblems } from "./settings-problems";

// tiptap (~134 kB gzip) loads with the first opened introduction, never with the list or the drawer.
const IntroEditor = lazy(() => import("./intro-editor"));

export interface SectionProps {
  settings: ValidatorSettings;
  change: (patch: Partial<ValidatorSettings>) => void;
  problems: SettingsProblems | null;
}

/** A field's message once a save was tried, as antd's form item shows it. */
export const shownProblem = (problems: SettingsProblems | null, field: string) =>
  problems?.fields[field] ? { validateStatus: "error" as const, help: problems.fields[field] } : {};

export function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} style={{ margin: "8px 0 16px" }}>
      {children}
    </Typography.Title>
  );
}

/**
 * What the share page shows a viewer (2 §2): the logo (cropped to exactly 120×100), the cover, and
 * the activity introduction in a rich-text editor. Images follow 2 §5 (jpeg, png, bmp, jpg; at most
 * 5 MB), checked in the browser before they are sent and again by the server.
 */
export function PageSection({ settings, change, problems, onBusy }: SectionProps & { onBusy: (part: string, busy: boolean) => void }) {
  return (
    <section aria-labelledby="verification-page-title">
      <div id="verification-page-title">
        <SectionTitle>页面展示</SectionTitle>
      </div>
      <Form.Item label="Logo" htmlFor="verification-logo" {...shownProblem(problems, "logo_url")}>
        <ImageUploadField
          id="verification-logo"
          value={settings.logo_url}
          onChange={(url) => change({ logo_url: url })}
          crop={liveLimits.logoCrop}
          rule="verification"
          alt="Logo预览"
          onBusy={(busy) => onBusy("logo", busy)}
        />
      </Form.Item>
      <Form.Item label="封面" htmlFor="verification-poster" {...shownProblem(problems, "poster")}>
        <ImageUploadField
          id="verification-poster"
          value={settings.poster}
          onChange={(url) => change({ poster: url })}
          rule="verification"
          alt="封面预览"
          onBusy={(busy) => onBusy("poster", busy)}
        />
      </Form.Item>
      <Form.Item label={<span id="verification-desc-label">活动介绍</span>} {...shownProblem(problems, "desc")}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
          <IntroEditor labelledBy="verification-desc-label" initial={settings.desc} onChange={(desc) => change({ desc })} onBusy={(busy) => onBusy("desc", busy)} />
        </Suspense>
      </Form.Item>
    </section>
  );
}
