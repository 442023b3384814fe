import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { UploadPanel } from "../../src/features/cloud-disk/upload/upload-panel";
import type { UploadEntry } from "../../src/features/cloud-disk/upload/use-uploads";

const MB = 1024 * 1024;

/** Files at each step of an upload (2 §4 uploading, and the md5 check before it). */
const entries: UploadEntry[] = [
  { id: 1, name: "公开课录像.mp4", size: 86 * MB, phase: "hashing", share: 0.4, reused: false },
  { id: 2, name: "期末复习.pptx", size: 12 * MB, phase: "uploading", share: 0.45, reused: false },
  { id: 3, name: "期中讲义.pdf", size: 3 * MB, phase: "done", share: 1, reused: true },
  { id: 4, name: "校园风景.png", size: 600 * 1024, phase: "done", share: 1, reused: false },
  { id: 5, name: "开场音乐.mp3", size: 8 * MB, phase: "failed", share: 0.2, reused: false, error: "上传文件失败" },
  { id: 6, name: "宣传片.mp4", size: 95 * MB, phase: "failed", share: 0, reused: false, error: "本机构的上传空间已用完（上限1024M），无法继续上传" },
];

const meta = {
  title: "Cloud disk/Upload list",
  render: (args) => (
    <div style={{ maxWidth: 1000, padding: 24, background: "#f5f5f5" }}>
      <UploadPanel {...args} />
    </div>
  ),
  args: { entries, onRetry: () => undefined, onRemove: () => undefined, onClearDone: () => undefined },
} satisfies Meta<typeof UploadPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hashing, uploading with progress, reused by md5, done, failed (重试), refused by the quota. */
export const States: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("计算校验值 40%")).toBeVisible();
    await expect(canvas.getByText("上传中 45%")).toBeVisible();
    await expect(canvas.getByText("上传成功（秒传）")).toBeVisible();
    await expect(canvas.getByText("上传文件失败")).toBeVisible();
    await expect(canvas.getAllByRole("button", { name: /重\s*试/ })).toHaveLength(2);
  },
};

/** Nothing being uploaded: the panel is not shown. */
export const Nothing: Story = {
  args: { entries: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector(".ant-card")).toBeNull();
  },
};
