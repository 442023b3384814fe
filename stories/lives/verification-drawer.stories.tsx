import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { phoneField } from "../../resources/lives/live-validator";
import { VerificationDrawer } from "../../src/features/lives/verification/verification-drawer";
import { buttonName } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { sampleEntries, verificationAnswers, whitelistSettings } from "./verification-answers";

/** 设置验证方式 (2 §2): a live's viewer verification in an 80%-wide right drawer. */
const meta = {
  title: "Lives/Verification drawer",
  component: VerificationDrawer,
  args: { live: { id: 42, title: "高一数学公开课·函数的单调性" }, onClose: fn() },
  parameters: { initialEntries: ["/liveop"], api: verificationAnswers() } satisfies ScreenParameters,
} satisfies Meta<typeof VerificationDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

/** A live with no settings yet: the default of 2 §4 (no password, no registration) is saved and shown. */
export const FirstOpening: Story = {
  play: async () => {
    await waitFor(() => expect(body().getByRole("radio", { name: "无密码" })).toBeChecked(), { timeout: 8000 });
    await expect(body().getByRole("switch", { name: "开启报名登记" })).not.toBeChecked();
  },
};

/** A whitelist live with a registration form of four fields, the phone fixed first. */
export const WhitelistWithFields: Story = {
  parameters: { api: verificationAnswers({ settings: whitelistSettings, entries: sampleEntries }) } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(body().getByRole("radio", { name: "白名单" })).toBeChecked(), { timeout: 8000 });
    await expect(body().getByRole("button", { name: "白名单列表" })).toBeVisible();
    await expect(body().getByRole("group", { name: "第1项：手机号" })).toBeVisible();
    await expect(body().getByRole("group", { name: "第4项：感兴趣的科目" })).toBeVisible();
  },
};

/** Registration on with a nameless field: 保存 says 请完善信息名称 under it, nothing is sent. */
export const MissingName: Story = {
  parameters: {
    api: verificationAnswers({
      settings: { ...whitelistSettings, check: 1, extra: { isRecord: 2, data: [phoneField, { formaDataType: 3, name: "", placeholder: "", required: false, checkList: [], isPhone: false }] } },
    }),
  } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(body().getByRole("group", { name: "第2项：文本" })).toBeVisible(), { timeout: 8000 });
    await userEvent.click(body().getByRole("button", { name: buttonName("保存") }));
    await waitFor(() => expect(body().getAllByText("请完善信息名称").length).toBeGreaterThan(0));
  },
};

/** The token could not be had: 获取webtoken失败 with 重试. */
export const TokenError: Story = {
  parameters: { api: verificationAnswers({ tokenFails: true }) } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(body().getAllByText("获取webtoken失败").length).toBeGreaterThan(0), { timeout: 8000 });
    await expect(body().getByRole("button", { name: buttonName("重试") })).toBeVisible();
  },
};

/** The settings could not be read: 获取校验方式数据失败 with 重试. */
export const LoadError: Story = {
  parameters: { api: verificationAnswers({ settingsFail: "服务暂不可用" }) } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(body().getAllByText(/获取校验方式数据失败/).length).toBeGreaterThan(0), { timeout: 8000 });
  },
};
