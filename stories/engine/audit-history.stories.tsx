import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { productTemplate, teacher } from "../../resources";
import { auditApi, type AuditRow } from "../../resources/platform/audit-log";
import type { ResourceDecl } from "../../resources/kernel/define";
import { savePortalPermissions } from "../../resources/kernel/menu";
import { AuditHistoryDrawer } from "../../src/engine/audit-history";
import { failEnvelope, okEnvelope } from "../mock-api";
import { me } from "../support/fixtures";
import type { ScreenParameters } from "../support/screen-parameters";
import { engineSession } from "./engine-answers";
import { EngineStage } from "./engine-stage";
import { sampleRows } from "./sample-rows";

/** A record's 变更记录 drawer (src/engine/audit-history.tsx), as every generated list opens it from a row. */
const meta = { title: "Engine/Change history" } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const entry = (id: number, action: AuditRow["Action"], time: string, diff: object): AuditRow => ({
  Id: id, CreateTime: time, ActorId: 1, ActorName: me.nickname ?? "管理员", Resource: "", RecordId: 1001, Action: action, Diff: JSON.stringify(diff),
});

/** A teacher added, renamed, then granted the organisation's cloud disk (a JSON text field). */
const teacherHistory = [
  entry(3, "update", "2026-11-20 10:12:40", {
    before: { UserOp: JSON.stringify(savePortalPermissions("teacher")) },
    after: { UserOp: JSON.stringify(savePortalPermissions("teacher", ["clouddiskop", "teaclouddiskop"])) },
  }),
  entry(2, "update", "2026-11-20 10:05:03", { before: { Name: "王伟" }, after: { Name: "王伟明" } }),
  entry(1, "create", "2026-11-19 16:40:00", { after: { Name: "王伟", Mobile: "13600001001", UpdateTime: "2026-11-19 16:40:00" } }),
];

/** A product whose title and price changed: fields inside its JSON text, titled by the declaration. */
const productHistory = [entry(1, "update", "2026-11-20 11:00:00", { before: { "Product.productname": "旧款书包", "Product.productprice": "99" }, after: { "Product.productname": "新款书包", "Product.productprice": "129" } })];

function drawer(decl: ResourceDecl, history: object): Story {
  const [record] = sampleRows(decl, 1);
  return {
    render: () => (
      <EngineStage route="/">
        <AuditHistoryDrawer decl={decl} record={record} onClose={() => undefined} />
      </EngineStage>
    ),
    parameters: { api: [...engineSession, [auditApi.history, history]] } satisfies ScreenParameters,
  };
}

const drawerBody = () => within(document.querySelector<HTMLElement>(".ant-drawer")!);

export const Teacher: Story = {
  ...drawer(teacher, okEnvelope(teacherHistory, { count: teacherHistory.length })),
  play: async () => {
    await waitFor(() => expect(drawerBody().getByText("王伟明")).toBeVisible(), { timeout: 8000 });
    await expect(drawerBody().getByText("姓名:")).toBeVisible();
  },
};

export const ProductTemplate: Story = {
  ...drawer(productTemplate, okEnvelope(productHistory, { count: 1 })),
  play: async () => {
    await waitFor(() => expect(drawerBody().getByText("商品标题:")).toBeVisible(), { timeout: 8000 });
  },
};

export const Empty: Story = {
  ...drawer(teacher, okEnvelope([], { count: 0 })),
  play: async () => {
    await waitFor(() => expect(drawerBody().getByText("暂无变更记录")).toBeVisible(), { timeout: 8000 });
  },
};

export const Failed: Story = {
  ...drawer(teacher, failEnvelope(500, "日志服务暂不可用")),
  play: async () => {
    await waitFor(() => expect(drawerBody().getByText("变更记录加载失败")).toBeVisible(), { timeout: 8000 });
  },
};
