import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import { certificationApi, certificationKey, noCertification, type CertificationRecord } from "../../resources/certification/certification";
import { certificationForm } from "../../resources/certification/forms";
import { FormPage } from "../../src/engine/form-page";
import { EngineStage } from "../engine/engine-stage";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";
import { menuFor } from "../support/fixtures";
import type { ScreenParameters } from "../support/screen-parameters";


const submitted: CertificationRecord = {
  certificate_name: "示例学校教育科技有限公司",
  province: "浙江省",
  city: "杭州市",
  region: "西湖区",
  address: "文三路100号",
  certificate_no: "91330106MA2XXXXX0X",
  certificate_picture: "",
  userName: "张三",
  idCard: "33010619900101123X",
  mobile: "13700000001",
  verified_mobile: "13700000001",
  state: "validating",
  last_modified: "2026-11-28 10:00:00",
};

const answers = (record: CertificationRecord | null): MockRoutes => [
  [authApi.menu, okEnvelope(menuFor([certificationKey]))],
  [certificationApi.get, record ? okEnvelope(record) : failEnvelope(500, "服务暂不可用")],
  [certificationApi.submit, okEnvelope({ ...submitted }, { msg: "提交成功" })],
  [certificationApi.modify, okEnvelope({ ...submitted }, { msg: "修改成功" })],
];

/** /groupCertification (3 §2.4, §4, §5): the organisation's certification, its items in the spec's order. */
const meta = {
  title: "Certification/Organisation certification",
  render: () => (
    <EngineStage route={certificationForm.route}>
      <FormPage decl={certificationForm} />
    </EngineStage>
  ),
  parameters: { initialEntries: [certificationForm.route], api: answers(noCertification) } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const wait = { timeout: 8000 };
const says = (root: HTMLElement, text: string) => waitFor(() => expect(root.textContent).toContain(text), wait);

/** Nothing submitted: every item empty; saving submits. */
export const NotSubmitted: Story = { play: ({ canvasElement }) => says(canvasElement, "认证状态：未认证") };

/** Submitted and waiting for the operator: saving modifies; the proven mobile needs no code. */
export const Validating: Story = {
  parameters: { api: answers(submitted) } satisfies ScreenParameters,
  play: ({ canvasElement }) => says(canvasElement, "联系人手机号已验证，未变更时无需验证码"),
};

/** Approved ('validate-complete'). */
export const Certified: Story = {
  parameters: { api: answers({ ...submitted, state: "validate-complete" }) } satisfies ScreenParameters,
  play: ({ canvasElement }) => says(canvasElement, "认证状态：已认证"),
};

/** The record cannot be read: the error and 重试. */
export const LoadError: Story = {
  parameters: { api: answers(null) } satisfies ScreenParameters,
  play: ({ canvasElement }) => says(canvasElement, "认证资料加载失败"),
};
