import { Form, Skeleton, Typography } from "antd";
import { lazy, memo, Suspense } from "react";
import { liveLimits, type ValidatorSettings } from "../../../../resources/lives/live-api";
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

export interface PageSectionProps {
  logo: string;
  poster: string;
  desc: string;
  change: SectionProps["change"];
  /** Messages by field (logo_url, poster, desc) once a save was tried. */
  problems: Record<string, string> | undefined;
  onBusy: (part: string, busy: boolean) => void;
}

const problemOf = (problems: PageSectionProps["problems"], field: string) =>
  problems?.[field] ? { validateStatus: "error" as const, help: problems[field] } : {};

/**
 * What the share page shows a viewer (2 §2): the logo (cropped to exactly 120×100), the cover, and
 * the activity introduction in a rich-text editor. Images follow 2 §5 (jpeg, png, bmp, jpg; at most
 * 5 MB), checked in the browser before they are sent and again by the server. It draws again only
 * when its own values change: typing in the designer leaves the editor alone.
 */
export const PageSection = memo(function PageSection({ logo, poster, desc, change, problems, onBusy }: PageSectionProps) {
  return (
    <section aria-labelledby="verification-page-title">
      <div id="verification-page-title">
        <SectionTitle>页面展示</SectionTitle>
      </div>
      <Form.Item label="Logo" htmlFor="verification-logo" {...problemOf(problems, "logo_url")}>
        <ImageUploadField
          id="verification-logo"
          value={logo}
          onChange={(url) => change({ logo_url: url })}
          crop={liveLimits.logoCrop}
          rule="verification"
          alt="Logo预览"
          onBusy={(busy) => onBusy("logo", busy)}
        />
      </Form.Item>
      <Form.Item label="封面" htmlFor="verification-poster" {...problemOf(problems, "poster")}>
        <ImageUploadField
          id="verification-poster"
          value={poster}
          onChange={(url) => change({ poster: url })}
          rule="verification"
          alt="封面预览"
          onBusy={(busy) => onBusy("poster", busy)}
        />
      </Form.Item>
      <Form.Item label={<span id="verification-desc-label">活动介绍</span>} {...problemOf(problems, "desc")}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
          <IntroEditor labelledBy="verification-desc-label" initial={desc} onChange={(desc) => change({ desc })} onBusy={(busy) => onBusy("desc", busy)} />
        </Suspense>
      </Form.Item>
    </section>
  );
});
