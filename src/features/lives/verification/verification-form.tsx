import { useNotification } from "@refinedev/core";
import { Button, Flex, Form, Modal } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { liveMessages, type ValidatorSettings } from "../../../../resources/lives/live-api";
import { AccessSection } from "./access-section";
import { PageSection } from "./page-section";
import { RegistrationSection } from "./registration-section";
import { settingsProblems } from "./settings-problems";
import type { ValidatorService } from "./use-validator-service";
import { WhitelistDialog } from "./whitelist/whitelist-dialog";

export interface VerificationFormProps {
  live: { id: number; title: string };
  initial: ValidatorSettings;
  service: ValidatorService;
  save: (settings: ValidatorSettings) => Promise<ValidatorSettings>;
  onDirty: (dirty: boolean) => void;
}

const same = (a: ValidatorSettings, b: ValidatorSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The verification settings screen (2 §2): what the share page shows (logo, cover, introduction),
 * how a viewer is let in (methods 1/2/3), and the registration form. 保存 checks the settings with
 * schemas/lives/validator.save (the server's own rules and words), asks 是否提交内容, then saves.
 */
export function VerificationForm({ live, initial, service, save, onDirty }: VerificationFormProps) {
  const { open } = useNotification();
  const [modal, contextHolder] = Modal.useModal();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const [whitelistOpen, setWhitelistOpen] = useState(false);
  // The introduction's editor keeps its own text: 撤销修改 starts it afresh from the saved one.
  const [intro, setIntro] = useState({ revision: 0, text: initial.desc });

  const dirty = !same(draft, saved);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  const problems = useMemo(() => (attempted ? settingsProblems(draft) : null), [attempted, draft]);
  const change = useCallback((patch: Partial<ValidatorSettings>) => setDraft((current) => ({ ...current, ...patch })), []);
  const onBusy = useCallback((part: string, busy: boolean) => {
    setUploading((current) => {
      if (busy === current.has(part)) return current;
      const next = new Set(current);
      if (busy) next.add(part);
      else next.delete(part);
      return next;
    });
  }, []);

  const submit = () => {
    setAttempted(true);
    if (uploading.size) return void open?.({ type: "error", message: "图片上传中，请稍候" });
    const { first } = settingsProblems(draft);
    if (first) return void open?.({ type: "error", message: first });
    const sent = draft;
    void modal.confirm({
      title: liveMessages.confirmSubmit,
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        setSaving(true);
        try {
          const stored = await save(sent);
          setSaved(stored);
          // Edits made while it was on its way stay; what was sent is now the saved state.
          setDraft((current) => (same(current, sent) ? stored : current));
        } catch {
          // useVerificationSettings said why; the draft stays for another try.
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <Flex vertical style={{ minHeight: "100%" }}>
      {contextHolder}
      <Form layout="horizontal" labelCol={{ flex: "112px" }} wrapperCol={{ flex: "1 1 0", style: { minWidth: 0 } }} style={{ padding: "16px 24px", flex: 1 }} component="div">
        <PageSection key={intro.revision} logo={draft.logo_url} poster={draft.poster} desc={intro.text} change={change} problems={problems?.fields} onBusy={onBusy} />
        <AccessSection settings={draft} change={change} problems={problems} onWhitelist={() => setWhitelistOpen(true)} />
        <RegistrationSection settings={draft} change={change} problems={problems} />
      </Form>
      <Flex justify="flex-end" gap={12} style={{ position: "sticky", bottom: 0, padding: "12px 24px", background: "#fff", borderTop: "1px solid #f0f0f0", zIndex: 2 }}>
        <Button
          onClick={() => {
            setDraft(saved);
            setIntro((current) => ({ revision: current.revision + 1, text: saved.desc }));
          }}
          disabled={!dirty || saving}
        >
          撤销修改
        </Button>
        <Button type="primary" loading={saving} onClick={submit}>
          保存
        </Button>
      </Flex>
      <WhitelistDialog live={live} service={service} open={whitelistOpen} onClose={() => setWhitelistOpen(false)} />
    </Flex>
  );
}
