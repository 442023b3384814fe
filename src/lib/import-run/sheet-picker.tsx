import { DownloadOutlined, UploadOutlined } from "../../components/icons";
import { Alert, Button, Flex, message, Typography, Upload } from "antd";
import { errorText } from "../../../providers/http";
import { acceptOf } from "../xlsx/file-types";
import { useSheetTools } from "../xlsx/sheet-tools";
import { buildTemplate, type SheetTemplate } from "../xlsx/template";
import type { SheetChoice } from "./use-sheet-choice";

interface SheetPickerProps {
  choice: SheetChoice;
  template: SheetTemplate;
  /** While rows are being sent no other file may be chosen. */
  disabled: boolean;
}

/** 选择文件, 下载模板, what the file must look like, and why a file was refused or cut. */
export function SheetPicker({ choice, template, disabled }: SheetPickerProps) {
  const { buildSheet, saveFile } = useSheetTools();
  const { parsing, fileName, notice, options } = choice;

  const downloadTemplate = async () => {
    try {
      saveFile(await buildTemplate(buildSheet, template), template.fileName);
    } catch (error) {
      message.error(errorText(error));
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12} wrap>
        <Upload
          accept={acceptOf(options)}
          showUploadList={false}
          disabled={disabled || parsing}
          beforeUpload={(file) => {
            void choice.choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={parsing} disabled={disabled}>
            {parsing ? "正在解析" : "选择文件"}
          </Button>
        </Upload>
        <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadTemplate()}>
          下载模板
        </Button>
        <Typography.Text type="secondary">
          {fileName ? `已选择：${fileName}，` : ""}第一行为表头，最多{options.maxRows}行
        </Typography.Text>
      </Flex>
      {notice && <Alert type={notice.type} message={notice.text} showIcon />}
    </Flex>
  );
}
