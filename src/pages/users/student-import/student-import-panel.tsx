import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, message, Typography, Upload } from "antd";
import { useEffect, useState } from "react";
import { errorText } from "../../../../providers/http";
import { useSheetTools } from "../../../lib/xlsx/sheet-tools";
import { acceptAttribute, isAcceptedFile, studentImport, templateHeader } from "./import-rows";
import { ImportProgressLine } from "./import-progress";
import { ImportTable } from "./import-table";
import { useStudentImport } from "./use-student-import";

interface Notice {
  type: "error" | "warning";
  text: string;
}

export interface StudentImportPanelProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  initialRows?: string[][];
}

/** The batch-import dialog's content (1 §2.4, §5): file, rows, progress, 关闭 and 导入/停止. */
export function StudentImportPanel({ open, onClose, onImported, initialRows }: StudentImportPanelProps) {
  const { parseSheet, buildSheet, saveFile } = useSheetTools();
  const job = useStudentImport({ onImported, initialRows });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [parsing, setParsing] = useState(false);
  const [fileName, setFileName] = useState("");
  const { stop, running } = job;

  // Closing mid-run stops after the row being sent, as 停止 does.
  useEffect(() => {
    if (!open && running) stop();
  }, [open, running, stop]);

  const choose = async (file: File) => {
    setNotice(null);
    if (!isAcceptedFile(file.name)) {
      setNotice({ type: "error", text: studentImport.badFileText });
      return;
    }
    setParsing(true);
    try {
      const sheet = await parseSheet(file, { maxRows: studentImport.maxRows });
      job.load(sheet.rows);
      setFileName(file.name);
      if (sheet.truncated) setNotice({ type: "warning", text: `文件超过${studentImport.maxRows}行，只保留了前${studentImport.maxRows}行` });
      else if (sheet.rows.length === 0) setNotice({ type: "warning", text: "文件中没有可导入的数据（第一行为表头）" });
    } catch (error) {
      setNotice({ type: "error", text: errorText(error) });
    } finally {
      setParsing(false);
    }
  };

  const downloadTemplate = async () => {
    try {
      saveFile(await buildSheet([templateHeader], "学生"), studentImport.templateName);
    } catch (error) {
      message.error(errorText(error));
    }
  };

  const importable = job.rows.some((row) => row.state !== "success");

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12} wrap>
        <Upload
          accept={acceptAttribute}
          showUploadList={false}
          disabled={running || parsing}
          beforeUpload={(file) => {
            void choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={parsing} disabled={running}>
            {parsing ? "正在解析" : "选择文件"}
          </Button>
        </Upload>
        <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
          下载模板
        </Button>
        <Typography.Text type="secondary">
          {fileName ? `已选择：${fileName}，` : ""}第一行为表头，最多{studentImport.maxRows}行
        </Typography.Text>
      </Flex>
      {notice && <Alert type={notice.type} message={notice.text} showIcon />}
      <ImportTable rows={job.rows} running={running} onEdit={job.edit} onRemove={job.remove} />
      <Flex align="center" gap={12}>
        <div style={{ flex: 1, minWidth: 0 }}>{job.progress && <ImportProgressLine progress={job.progress} running={running} />}</div>
        <Button onClick={onClose}>关闭</Button>
        {running ? (
          <Button danger loading={job.stopping} onClick={stop}>
            {job.stopping ? "正在停止" : "停止"}
          </Button>
        ) : (
          <Button type="primary" disabled={!importable || parsing} onClick={() => void job.start()}>
            导入
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
