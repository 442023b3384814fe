import { Alert } from "antd";
import { certificationStateLabels, certificationStates } from "../../../resources/certification/certification";
import type { FormPanelProps } from "../../engine/form-page-parts";

const notes: Record<string, { type: "info" | "warning" | "success"; text: string }> = {
  [certificationStates.none]: { type: "info", text: "请按顺序填写以下资料并提交，提交后由平台审核。" },
  [certificationStates.validating]: { type: "warning", text: "认证资料已提交，正在等待平台审核；修改后将重新审核。" },
  [certificationStates.complete]: { type: "success", text: "本机构已通过认证；修改认证资料后需重新审核。" },
};

/** `certificationState`: where the record stands (3 §4: only 'validate-complete' is certified), and when it was last changed. */
export function CertificationStatePanel({ record }: FormPanelProps) {
  const state = String(record?.state ?? "");
  const note = notes[state] ?? notes[certificationStates.none];
  const label = certificationStateLabels[state] ?? certificationStateLabels[certificationStates.none];
  const changed = record?.last_modified ? `（最后修改：${String(record.last_modified)}）` : "";
  return <Alert style={{ marginBottom: 16 }} type={note.type} showIcon message={`认证状态：${label}${changed}`} description={note.text} />;
}
