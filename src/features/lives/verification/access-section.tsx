import { TeamOutlined } from "../../../components/icons";
import { Button, Flex, Form, Input, Radio } from "antd";
import type { ValidatorSettings } from "../../../../resources/lives/live-api";
import { checkLabels } from "../../../../resources/lives/live-validator";
import { SectionTitle, shownProblem, type SectionProps } from "./page-section";

const methods = Object.entries(checkLabels).map(([value, label]) => ({ value: Number(value) as ValidatorSettings["check"], label }));

/**
 * How a viewer of the shared live is let in (2 §3 validator settings): no password (1), a whitelist
 * of usernames and passwords (2, kept in the 白名单列表 dialog, which opens when it is chosen), or
 * one password for all (3, typed here).
 */
export function AccessSection({ settings, change, problems, onWhitelist }: SectionProps & { onWhitelist: () => void }) {
  return (
    <section aria-labelledby="verification-access-title">
      <div id="verification-access-title">
        <SectionTitle>观看验证</SectionTitle>
      </div>
      <Form.Item label={<span id="verification-check-label">验证方式</span>}>
        <Flex align="center" gap={16} wrap>
          <Radio.Group
            aria-labelledby="verification-check-label"
            options={methods}
            value={settings.check}
            onChange={(event) => {
              const check = event.target.value as ValidatorSettings["check"];
              change({ check });
              if (check === 2) onWhitelist();
            }}
          />
          {settings.check === 2 && (
            <Button icon={<TeamOutlined />} onClick={onWhitelist}>
              白名单列表
            </Button>
          )}
        </Flex>
      </Form.Item>
      {settings.check === 3 && (
        <Form.Item label="验证密码" htmlFor="verification-password" required {...shownProblem(problems, "password")}>
          <Input
            id="verification-password"
            value={settings.password}
            placeholder="请输入观看直播时需要输入的密码"
            autoComplete="off"
            style={{ maxWidth: 360 }}
            onChange={(event) => change({ password: event.target.value })}
          />
        </Form.Item>
      )}
    </section>
  );
}
