import { ExclamationCircleFilled } from "../../../components/icons";
import { Checkbox, Flex, Modal, Typography } from "antd";
import { useState } from "react";
import type { ContinuePrompt } from "./use-continue-prompt";

/** `${msg}，是否继续？` with 不再提示; 取消 stops the import, 确定 goes on. */
export function ContinuePromptDialog({ prompt }: { prompt: ContinuePrompt }) {
  const [stopReminding, setStopReminding] = useState(false);
  const { asking, answer } = prompt;
  return (
    <Modal
      title="提示"
      open={asking !== null}
      okText="确定"
      cancelText="取消"
      onOk={() => answer(true, stopReminding)}
      onCancel={() => answer(false, stopReminding)}
      maskClosable={false}
      destroyOnHidden
      width={420}
      centered
    >
      <Flex vertical gap={12}>
        <Flex gap={8} align="flex-start">
          <ExclamationCircleFilled style={{ color: "#faad14", fontSize: 20, marginTop: 1 }} />
          <Typography.Text>{`${asking ?? ""}，是否继续？`}</Typography.Text>
        </Flex>
        <Checkbox checked={stopReminding} onChange={(event) => setStopReminding(event.target.checked)}>
          不再提示
        </Checkbox>
      </Flex>
    </Modal>
  );
}
