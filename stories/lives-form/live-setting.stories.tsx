import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { liveApi, liveMessages } from "../../resources/lives/live-api";
import { groupConfigDefaults } from "../../resources/lives/live-config";
import { liveSettingForm } from "../../resources/lives/forms";
import { FormPage } from "../../src/engine/form-page";
import { EngineStage } from "../engine/engine-stage";
import { failEnvelope } from "../mock-api";
import { buttonName, expectToast } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { liveFormAnswers } from "./live-form-answers";

/** /liveSetting (2 §2, 3 §2.7): the organisation's live defaults with 允许自由设置 beside each. */
const meta = {
  title: "Lives/Live settings",
  render: () => (
    <EngineStage route="/liveSetting">
      <FormPage decl={liveSettingForm} />
    </EngineStage>
  ),
  parameters: { initialEntries: ["/liveSetting"], api: liveFormAnswers() } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 8000 };
const shown = (root: HTMLElement) => waitFor(() => expect(root.querySelectorAll(".live-config-row")).toHaveLength(11), wait);
const confirmButton = (root: HTMLElement) => within(root).getByRole("button", { name: buttonName("确定") });

/** As stored: every setting free, 确定 disabled until something changes. */
export const Defaults: Story = {
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    await expect(confirmButton(canvasElement)).toBeDisabled();
  },
};

/** An organisation that fixes its layout (经典) and entry times. */
export const SomeFixed: Story = {
  parameters: {
    api: liveFormAnswers({
      group: { ...groupConfigDefaults, layout: "2", teaEnterTs: "60", stuEnterTs: "15", liveConfigPermissions: { ...groupConfigDefaults.liveConfigPermissions, layoutSetting: "0", teaEnterTsSetting: "0", stuEnterTsSetting: "0" } },
    }),
  } satisfies ScreenParameters,
  play: ({ canvasElement }) => shown(canvasElement),
};

/** A setting changed and saved: 配置修改成功，新创建直播会使用最新配置. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    await userEvent.click(within(canvasElement).getByText("经典"));
    await waitFor(() => expect(confirmButton(canvasElement)).toBeEnabled(), wait);
    await userEvent.click(confirmButton(canvasElement));
    await expectToast(liveMessages.groupConfigSaved);
  },
};

/** The server refuses the change: 配置修改失败，请联系管理员. */
export const SaveFails: Story = {
  parameters: { api: [...liveFormAnswers(), [liveApi.groupConfigSet, failEnvelope(500, "服务暂不可用")]] } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
    await userEvent.click(within(canvasElement).getByText("经典"));
    await userEvent.click(confirmButton(canvasElement));
    await expectToast(liveMessages.groupConfigFailed);
  },
};

/** The defaults cannot be read: the error and 重试. */
export const LoadError: Story = {
  parameters: { api: liveFormAnswers({ groupFails: true }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.textContent).toContain("直播设置加载失败"), wait);
  },
};
