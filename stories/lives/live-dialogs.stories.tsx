import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { liveApi } from "../../resources/lives/live-api";
import livePicker from "../../resources/lives/student-picker";
import { TwoPanePicker } from "../../src/engine/two-pane-picker";
import { InitNumDialog } from "../../src/features/lives/dialogs/init-num-dialog";
import { LiveEnrolDialog } from "../../src/features/lives/dialogs/live-enrol-dialog";
import { ShareDialog } from "../../src/features/lives/dialogs/share-dialog";
import { everyone } from "../courses/course-students.stories";
import { EngineStage } from "../engine/engine-stage";
import { failEnvelope, okEnvelope, type MockHandler, type MockRoutes } from "../mock-api";
import { expectToast, formErrors } from "../support/play";
import type { ScreenParameters } from "../support/screen-parameters";
import { liveAnswers, liveRow } from "./live-answers";

/** The dialogs of a live's row (2 §2 Dialogs): share links, audience base, add students, batch import. */
const meta = {
  title: "Lives/Live dialogs",
  parameters: { initialEntries: ["/liveop"], api: liveAnswers([liveRow(1)]) } satisfies ScreenParameters,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const aLive = liveRow(1, { Title: "高一数学提高班第1讲" });
const stage = (dialog: React.ReactElement) => () => <EngineStage route="/liveop">{dialog}</EngineStage>;
const modal = () => document.body.querySelector<HTMLElement>(".ant-modal")!;

/** 分享: the no-verification link and the replay link, each with 复制 and a 150×150 QR code. */
export const ShareBoth: Story = {
  render: stage(<ShareDialog open live={aLive} mode="all" onClose={fn()} />),
  play: async () => {
    await waitFor(() => expect(modal().querySelectorAll("canvas").length).toBe(2));
    await userEvent.click(within(modal()).getAllByRole("button", { name: /复\s?制/ })[0]);
    await expectToast("复制成功");
  },
};

/** 分享回放 for a customer type with its own folder (RuiDa). */
export const ShareReplay: Story = {
  render: stage(<ShareDialog open live={aLive} mode="replay" onClose={fn()} />),
  parameters: { hosts: { shareBase: "https://share.example", customerType: "RuiDa" } } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(within(modal()).getByDisplayValue(/share_qxc_ruida\/player\.html/)).toBeVisible());
  },
};

/** The link cannot be had: the failure with 重试. */
export const ShareFails: Story = {
  render: stage(<ShareDialog open live={aLive} mode="live" onClose={fn()} />),
  parameters: { api: [...liveAnswers([aLive]), [liveApi.shareGuid, failEnvelope(1, "该直播已作废")]] } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(within(modal()).getByText(/免验证链接获取失败/)).toBeVisible());
  },
};

/** 修改直播房间人数基数: the current base, a number out of bounds refused by the schema's words. */
export const AudienceBase: Story = {
  render: stage(<InitNumDialog open live={aLive} onClose={fn()} />),
  play: async () => {
    const input = await waitFor(() => within(modal()).getByPlaceholderText("请输入0-10000000之间的整数"));
    await waitFor(() => expect(input).toHaveValue("100"));
    await userEvent.clear(input);
    await userEvent.type(input, "10000001");
    await userEvent.click(within(modal()).getByRole("button", { name: /确\s?定/ }));
    await waitFor(() => expect(formErrors(modal())).toContain("请输入0-10000000之间的整数"));
  },
};

/** The audience base cannot be read. */
export const AudienceBaseFails: Story = {
  render: stage(<InitNumDialog open live={aLive} onClose={fn()} />),
  parameters: { api: [...liveAnswers([aLive]), [liveApi.initNumGet, failEnvelope(500, "直播服务暂不可用")]] } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(within(modal()).getByText(/人数基数获取失败/)).toBeVisible());
  },
};

/** The live's students, the course's picker over the live's calls. */
function liveRoster(start: number[]): MockRoutes {
  let added = [...start];
  const page = (inLive: boolean): MockHandler => ({ query }) => {
    const key = String(query.key ?? "");
    const hits = everyone.filter((s) => added.includes(s.Id) === inLive && (s.Name.includes(key) || s.Mobile.includes(key)));
    const n = Number(query.page ?? 1);
    return okEnvelope(hits.slice((n - 1) * 5, n * 5), { count: hits.length });
  };
  return [
    [liveApi.unaddedStudents, page(false)],
    [liveApi.unaddedStudentsSearch, page(false)],
    [liveApi.students, page(true)],
    [liveApi.studentsSearch, page(true)],
    [liveApi.addStudent, ({ body }) => ((added = [...added, Number(body.userid)]), okEnvelope(null, { msg: "添加成功" }))],
    [liveApi.removeStudent, ({ query }) => ((added = added.filter((id) => id !== Number(query.userid))), okEnvelope(null, { msg: "删除成功" }))],
  ];
}

/** 添加学员: not added on the left, added on the right, 5 a page each. */
export const AddStudents: Story = {
  render: stage(<TwoPanePicker picker={livePicker} owner={{ id: aLive.Id, title: aLive.Title }} onClose={fn()} />),
  parameters: { api: liveRoster([101, 102, 103]) } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(within(modal()).getByText("共 20 人")).toBeVisible());
  },
};

/** 添加学员 when the students cannot be listed. */
export const AddStudentsFails: Story = {
  render: stage(<TwoPanePicker picker={livePicker} owner={{ id: aLive.Id, title: aLive.Title }} onClose={fn()} />),
  parameters: { api: [[liveApi.unaddedStudents, failEnvelope(500, "学员服务暂不可用")], [liveApi.students, okEnvelope([], { count: 0 })]] } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(within(modal()).getByText(/加载失败/)).toBeVisible());
  },
};

/**
 * 批量导入 with rows read from a sheet: one bad mobile already marked, the server refusing another,
 * and, once run, one row that made a new student (新建学员) beside one that added a known one (已添加).
 */
export const Enrol: Story = {
  render: stage(
    <LiveEnrolDialog
      live={{ id: aLive.Id, title: aLive.Title, courseId: aLive.CourseId }}
      onClose={fn()}
      initialRows={[["王子涵", "13712340000"], ["李欣怡", "1371234"], ["", "13712340002"], ["新同学", "13712340003"]]}
    />,
  ),
  parameters: {
    api: [
      [
        liveApi.addStudentByMobile,
        ({ body }) => (body.mobile === "13712340002" ? failEnvelope(1, "该学生已在本直播中") : okEnvelope({ Created: body.mobile === "13712340003" }, { msg: "添加成功" })),
      ],
    ],
  } satisfies ScreenParameters,
  play: async () => {
    await waitFor(() => expect(within(modal()).getByText("手机号格式不对")).toBeVisible());
  },
};
