import { UploadOutlined } from "../../../../components/icons";
import { Alert, Button, Flex, Modal, Result, Spin, Steps, Typography, Upload } from "antd";
import { useEffect } from "react";
import { liveLimits } from "../../../../../resources/lives/live-api";
import { acceptOf } from "../../../../lib/xlsx/file-types";
import type { ValidatorService } from "../use-validator-service";
import { ImportErrors } from "./import-errors";
import { importFiles, useWhitelistImport, type ImportPhase } from "./use-whitelist-import";

export interface WhitelistImportDialogProps {
  service: ValidatorService;
  open: boolean;
  onClose: () => void;
  /** After rows were written (the list reloads). */
  onImported: () => void;
}

const stepOf: Record<ImportPhase["kind"], number> = { idle: 0, reading: 0, checking: 1, checked: 1, failed: 1, importing: 2, done: 3 };

function Footer({ phase, close, choose, confirm, retry }: { phase: ImportPhase; close: () => void; choose: (file: File) => void; confirm: () => void; retry: () => void }) {
  const busy = phase.kind === "reading" || phase.kind === "checking" || phase.kind === "importing";
  const picker = (
    <Upload
      accept={acceptOf(importFiles)}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        choose(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<UploadOutlined />} loading={phase.kind === "reading"} disabled={busy}>
        {phase.kind === "reading" ? "正在读取" : phase.kind === "idle" ? "选择文件" : "重新选择"}
      </Button>
    </Upload>
  );
  if (phase.kind === "done") return <Button type="primary" onClick={close}>完成</Button>;
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={close} disabled={phase.kind === "importing"}>
        取消
      </Button>
      {phase.kind !== "importing" && picker}
      {phase.kind === "failed" && <Button onClick={retry}>重试</Button>}
      {(phase.kind === "checked" || phase.kind === "importing") && (
        <Button type="primary" loading={phase.kind === "importing"} disabled={phase.kind === "checked" && phase.accepted === 0} onClick={confirm}>
          确认导入{phase.accepted ? ` ${phase.accepted} 条` : ""}
        </Button>
      )}
    </Flex>
  );
}

/**
 * 导入 of the 白名单列表 (2 §5, issue 10 item 10): an xlsx/xls/csv file (格式错误！请重新选择
 * otherwise) read in the sheet worker, its nick/username and password columns checked by the
 * server's dry run, the refused rows shown with their reasons and downloadable as xlsx, then
 * 确认导入 writes the rest in one call. Incremental: to replace the list, clear it first.
 */
export function WhitelistImportDialog({ service, open, onClose, onImported }: WhitelistImportDialogProps) {
  const flow = useWhitelistImport(service);
  const { phase, reset } = flow;
  const added = phase.kind === "done" ? phase.added : 0;
  useEffect(() => {
    if (added > 0) onImported();
  }, [added, onImported]);
  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal
      title="导入白名单"
      open={open}
      onCancel={phase.kind === "importing" ? undefined : close}
      closable={phase.kind !== "importing"}
      maskClosable={false}
      width={760}
      footer={<Footer phase={phase} close={close} choose={(file) => void flow.choose(file)} confirm={() => void flow.confirm()} retry={flow.retry} />}
    >
      <Steps size="small" current={stepOf[phase.kind]} items={[{ title: "选择文件" }, { title: "检查数据" }, { title: "导入" }, { title: "完成" }]} style={{ margin: "8px 0 20px" }} />
      {phase.kind === "idle" && (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            支持 xlsx、xls、csv 文件，第一行为表头，读取“用户名（或昵称）”和“密码”两列。每次最多导入{liveLimits.whitelistPerImport}条，每场直播的白名单最多{liveLimits.whitelistTotal}
            条；导入为追加，如需替换请先清空白名单。同一场直播中密码不能重复。
          </Typography.Paragraph>
          {phase.notice && <Alert type="error" showIcon message={phase.notice} />}
        </Flex>
      )}
      {(phase.kind === "reading" || phase.kind === "checking" || phase.kind === "importing") && (
        <Flex vertical align="center" gap={12} style={{ padding: 32 }} aria-live="polite">
          <Spin size="large" />
          <Typography.Text>
            {phase.kind === "reading" ? `正在读取 ${phase.fileName}` : phase.kind === "checking" ? `正在检查 ${phase.rows.length} 条数据` : `正在导入 ${phase.accepted} 条，请稍候`}
          </Typography.Text>
        </Flex>
      )}
      {phase.kind === "checked" && <ImportErrors fileName={phase.fileName} total={phase.rows.length} accepted={phase.accepted} errors={phase.errors} />}
      {phase.kind === "failed" && <Alert type="error" showIcon message={phase.message} />}
      {phase.kind === "done" && (
        <Result
          status={phase.errors.length ? "warning" : "success"}
          title={`成功导入 ${phase.added} 条`}
          subTitle={phase.errors.length ? `${phase.errors.length} 条未导入` : undefined}
          extra={phase.errors.length ? <ImportErrors total={phase.added + phase.errors.length} accepted={phase.added} errors={phase.errors} compact /> : undefined}
        />
      )}
    </Modal>
  );
}
