import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor } from "storybook/test";
import { assistant, student, subadmin, teacher } from "../../resources";
import type { ResourceDecl } from "../../resources/define";
import { ResourceList } from "../../src/engine/resource-list";
import type { ScreenParameters } from "../support/screen-parameters";
import { familyAnswers, listFails, userRows } from "./engine-answers";
import { EngineStage } from "./engine-stage";

/**
 * The generated list of each user-management resource (1 §2.4), drawn from its declaration in
 * resources/ over the real data provider: with rows, with none, and when the list call fails.
 */
const meta = {
  title: "Engine/Lists",
  parameters: { initialEntries: ["/teacherop"], api: familyAnswers(teacher, userRows(teacher, 23)) } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const rowCount = (root: HTMLElement) => root.querySelectorAll(".ant-table-tbody tr.ant-table-row").length;

const list = (decl: ResourceDecl) => () => (
  <EngineStage route={decl.route}>
    <ResourceList decl={decl} />
  </EngineStage>
);

function withData(decl: ResourceDecl, total: number, entry = decl.route): Story {
  return {
    render: list(decl),
    parameters: { initialEntries: [entry], api: familyAnswers(decl, userRows(decl, total)) } satisfies ScreenParameters,
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(rowCount(canvasElement)).toBeGreaterThan(0), { timeout: 5000 });
    },
  };
}

function empty(decl: ResourceDecl): Story {
  return {
    render: list(decl),
    parameters: { initialEntries: [decl.route], api: familyAnswers(decl, []) } satisfies ScreenParameters,
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.querySelector(".ant-empty-description")?.textContent).toBe(`还没有${decl.noun}`), { timeout: 5000 });
    },
  };
}

function failing(decl: ResourceDecl): Story {
  return {
    render: list(decl),
    parameters: { initialEntries: [decl.route], api: listFails(decl) } satisfies ScreenParameters,
    play: async ({ canvasElement }) => {
      await waitFor(() => expect(canvasElement.textContent).toContain("列表加载失败"), { timeout: 5000 });
    },
  };
}

/** 子管理员: no search; 添加 leads to /createAdmin; edit and delete only. */
export const SubAdmins = withData(subadmin, 4);
export const SubAdminsEmpty = empty(subadmin);
export const SubAdminsError = failing(subadmin);

/** 老师管理: search, 添加, 查看 / 修改 / 删除. */
export const Teachers = withData(teacher, 23);
export const TeachersEmpty = empty(teacher);
export const TeachersError = failing(teacher);
/** A search that matches nothing says so with the key. */
export const TeachersNoMatch = withData(teacher, 23, `/teacherop?key=${encodeURIComponent("无此人")}`);
TeachersNoMatch.play = async ({ canvasElement }) => {
  await waitFor(() => expect(canvasElement.querySelector(".ant-empty-description")?.textContent).toBe("没有找到与「无此人」匹配的老师"), { timeout: 5000 });
};

export const Assistants = withData(assistant, 12);
export const AssistantsEmpty = empty(assistant);
export const AssistantsError = failing(assistant);

/** 学生管理 on page 2 of 20 per page: the place comes from the URL. */
export const Students = withData(student, 321, "/studentop?page=2&pageSize=20");
export const StudentsEmpty = empty(student);
export const StudentsError = failing(student);
