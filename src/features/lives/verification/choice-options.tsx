import { CloseOutlined, PlusOutlined } from "../../../components/icons";
import { Button, Flex, Input, Typography } from "antd";
import { designerLimits } from "../../../../resources/lives/live-validator";

export interface ChoiceOptionsProps {
  /** The row's title (第2项), naming each option's input. */
  label: string;
  options: string[];
  invalid: boolean;
  onChange: (options: string[]) => void;
}

/** The options a single or multiple choice offers (2 §5: none may be empty, 内容不能为空). */
export function ChoiceOptions({ label, options, invalid, onChange }: ChoiceOptionsProps) {
  return (
    <Flex vertical gap={6} style={{ marginTop: 8, marginLeft: 52 }}>
      <Typography.Text type="secondary">选项</Typography.Text>
      {options.map((option, index) => (
        <Flex key={index} gap={6} align="center">
          <Input
            aria-label={`${label}选项${index + 1}`}
            placeholder={`选项${index + 1}`}
            value={option}
            status={invalid && !option.trim() ? "error" : undefined}
            style={{ width: 280 }}
            onChange={(event) => onChange(options.map((o, i) => (i === index ? event.target.value : o)))}
          />
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={`删除${label}选项${index + 1}`}
            disabled={options.length <= 1}
            onClick={() => onChange(options.filter((_, i) => i !== index))}
          />
        </Flex>
      ))}
      <div>
        <Button size="small" type="dashed" icon={<PlusOutlined />} disabled={options.length >= designerLimits.options} onClick={() => onChange([...options, ""])}>
          添加选项
        </Button>
      </div>
    </Flex>
  );
}
