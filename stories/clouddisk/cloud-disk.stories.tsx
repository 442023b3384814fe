import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { authApi } from "../../resources/auth/auth";
import { cloudDiskScreens } from "../../resources/cloud-disk/screens";
import { CloudDiskPage } from "../../src/features/cloud-disk/cloud-disk-page";
import { EngineStage } from "../engine/engine-stage";
import { okEnvelope } from "../mock-api";
import { signedInPortal } from "../support/answers";
import { mainAdminMenu } from "../support/fixtures";
import { FoundationScreens } from "../support/foundation-screens";
import type { ScreenParameters } from "../support/screen-parameters";
import { diskRoutes, schoolDisk, teacherDisk } from "./disk-answers";

const screen = (route: string) => cloudDiskScreens.find((s) => s.route === route)!;

/** A disk screen of the admin shell, at the console's content width. */
const adminScreen = (route: string) => () => (
  <EngineStage route={route}>
    <CloudDiskPage screen={screen(route)} />
  </EngineStage>
);

const meta = { title: "Cloud disk/Screens" } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const admin = (rows = schoolDisk(), options: Parameters<typeof diskRoutes>[1] = {}) => [[authApi.menu, okEnvelope(mainAdminMenu)], ...diskRoutes(rows, options)] as ScreenParameters["api"];

// Screens load lazily (the portal's shell and menu first): the first row may take a while.
const rowNamed = (canvas: HTMLElement, name: string) => within(canvas).findByRole("button", { name }, { timeout: 15_000 });

/** /clouddiskop: the organisation's disk to edit, folders first, a document converting and one whose conversion failed (2 §4). */
export const AdminEdit: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowNamed(canvasElement, "教学课件");
    await expect(canvas.getByText("转换中")).toBeVisible();
    await expect(canvas.getByText("转换失败")).toBeVisible();
    await expect(canvas.getByRole("button", { name: /上传文件/ })).toBeEnabled();
  },
};

/** Inside a folder: the breadcrumb leads back up. */
export const InFolder: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop?folder=3"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowNamed(canvasElement, "函数图像.pdf");
    await expect(within(canvasElement).getByRole("button", { name: "教学课件" })).toBeVisible();
  },
};

/** Search over the whole disk, the key marked in each result. */
export const SearchResults: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop?key=%E8%AF%BE"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowNamed(canvasElement, "课程介绍.pdf");
    await waitFor(() => expect(canvasElement.querySelectorAll("mark").length).toBeGreaterThan(1));
  },
};

/** A new folder typed in place: an empty name says 文件名不能为空. */
export const NewFolder: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowNamed(canvasElement, "教学课件");
    await userEvent.click(canvas.getByRole("button", { name: /新建文件夹/ }));
    const input = await canvas.findByLabelText("文件夹名称");
    await userEvent.clear(input);
    await userEvent.keyboard("{Enter}");
    await expect(await canvas.findByRole("alert")).toHaveTextContent("文件名不能为空");
  },
};

/** Select all, then 移动: the folder tree to move into. */
export const MoveDialog: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop?folder=5"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowNamed(canvasElement, "校园风景.png");
    await userEvent.click(canvas.getByLabelText("全选"));
    await userEvent.click(canvas.getAllByRole("button", { name: /移\s*动/ })[0]);
    const title = await within(document.body).findByText("宣传素材", { selector: ".ant-tree-title" });
    // The dialog zooms in: visible once it has.
    await waitFor(() => expect(title).toBeVisible());
  },
};

/** Deleting asks first (2 §5). */
export const DeleteConfirm: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    const row = (await rowNamed(canvasElement, "教学课件")).closest("tr")!;
    await userEvent.click(within(row).getByRole("button", { name: "删除" }));
    const question = await within(document.body).findByText("确定删除「教学课件」吗？文件夹中的内容会一并删除。");
    await waitFor(() => expect(question).toBeVisible());
  },
};

/** An image previewed in the browser. */
export const PreviewImage: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop?folder=5"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await userEvent.click(await rowNamed(canvasElement, "校园风景.png"));
    const image = await within(document.body).findByRole("img", { name: "校园风景.png" });
    await waitFor(() => expect(image).toBeVisible());
  },
};

/** A PDF previewed in the browser's own viewer. */
export const PreviewPdf: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop?folder=5"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await userEvent.click(await rowNamed(canvasElement, "招生简章.pdf"));
    await waitFor(() => expect(document.querySelector("iframe[title='招生简章.pdf']")).toBeTruthy());
  },
};

/** /teaclouddiskop: the organisation's disk read only, no edit buttons. */
export const ReadOnly: Story = {
  render: adminScreen("/teaclouddiskop"),
  parameters: { initialEntries: ["/teaclouddiskop"], api: admin() } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowNamed(canvasElement, "教学课件");
    await expect(within(canvasElement).queryByRole("button", { name: /上传文件/ })).toBeNull();
    await expect(within(canvasElement).queryByRole("button", { name: /重命名/ })).toBeNull();
  },
};

/** A disk with nothing in it. */
export const Empty: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop"], api: admin([]) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("暂无文件")).toBeVisible();
  },
};

/** The listing cannot be loaded: its words and a retry. */
export const LoadFailed: Story = {
  render: adminScreen("/clouddiskop"),
  parameters: { initialEntries: ["/clouddiskop"], api: admin(schoolDisk(), { failList: true }) } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("文件列表加载失败")).toBeVisible();
  },
};

/** The teacher's personal disk in the portal: no header of its own (2 §2, §6). */
export const TeacherPersonal: Story = {
  render: () => <FoundationScreens />,
  parameters: {
    initialEntries: ["/teaIndex/teaclouddiskop"],
    api: [...signedInPortal("teacher", { cloudDisk: ["org", "personal"] }), ...diskRoutes(teacherDisk())],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowNamed(canvasElement, "我的备课");
    await expect(canvasElement.querySelector(".ant-card-head")).toBeNull();
  },
};

/** The organisation's disk from the teacher's portal: read only. */
export const TeacherReadsOrganisation: Story = {
  render: () => <FoundationScreens />,
  parameters: {
    initialEntries: ["/teaIndex/clouddiskop"],
    api: [...signedInPortal("teacher", { cloudDisk: ["org", "personal"] }), ...diskRoutes(schoolDisk())],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowNamed(canvasElement, "教学课件");
    await expect(within(canvasElement).queryByRole("button", { name: /新建文件夹/ })).toBeNull();
  },
};

/** The assistant's personal disk. */
export const AssistantPersonal: Story = {
  render: () => <FoundationScreens />,
  parameters: {
    initialEntries: ["/assistantIndex/assclouddiskop"],
    api: [...signedInPortal("assistant", { cloudDisk: ["personal"] }), ...diskRoutes(teacherDisk())],
  } satisfies ScreenParameters,
  play: async ({ canvasElement }) => {
    await rowNamed(canvasElement, "我的备课");
  },
};
