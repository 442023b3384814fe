import type { WidgetProps } from "@rjsf/utils";
import { Checkbox, Flex, Input, Typography } from "antd";
import type { PushGroup } from "../../../resources/data-push/push-api";
import { useFieldValue } from "../../engine/form-values";

/**
 * `"ui:widget": "pushApis"`: each group of /pushDataOp with its apis, a checkbox and an address box
 * each (3 §2.7): the box is enabled only while its checkbox is on, and everything is disabled
 * while the master switch (`status`) is off. What an address must be is the server's to judge.
 */
export function PushApisWidget({ id, value, onChange, disabled, readonly, registry }: WidgetProps) {
  const master = useFieldValue<number>(registry, "status");
  const groups = (Array.isArray(value) ? value : []) as PushGroup[];
  const off = disabled || readonly || master !== 1;
  const change = (g: number, a: number, patch: Partial<PushGroup["apis"][number]>) =>
    onChange(groups.map((group, gi) => (gi !== g ? group : { ...group, apis: group.apis.map((api, ai) => (ai !== a ? api : { ...api, ...patch })) })));
  return (
    <Flex id={id} vertical gap={12}>
      {groups.map((group, g) => (
        <div key={group.name} role="group" aria-label={group.name}>
          <Typography.Text strong>{group.name}</Typography.Text>
          <Flex vertical gap={8} style={{ marginTop: 6 }}>
            {group.apis.map((api, a) => (
              <Flex key={api.event} gap={12} align="center">
                <Checkbox style={{ width: 128, flex: "none" }} checked={api.status === 1} disabled={off} onChange={(e) => change(g, a, { status: e.target.checked ? 1 : 0 })}>
                  {api.name}
                </Checkbox>
                <Input
                  aria-label={`${api.name}接口地址`}
                  placeholder="请输入接口地址，以 http:// 或 https:// 开头"
                  value={api.url}
                  disabled={off || api.status !== 1}
                  onChange={(e) => change(g, a, { url: e.target.value })}
                />
              </Flex>
            ))}
          </Flex>
        </div>
      ))}
    </Flex>
  );
}
