import { ep } from "../kernel/endpoint";
import type { FrameDecl } from "../kernel/frame";
import { livePages } from "../lives/routes";
import { monitorApi, todaySessionsQuery } from "../live-monitor/monitor-api";

/**
 * The embedded tool pages (3 §2.1, §2.4, §2.5): each is a header and a full-page frame of the
 * open-platform host (`openIframe` in /config.json), loaded with a short-lived token from
 * `POST /cms/webapitokenv2`. One declaration per route; the client engine draws the page from it
 * (src/engine/frame-page.tsx), the server checks a token request against it (server/features/tools).
 */
export type ToolDecl = FrameDecl;

export const toolApi = {
  /** `{tool}` → `{token, expires_in}`: one token for one tool, organisation and identity. */
  token: ep("POST /cms/webapitokenv2"),
  /** What the open platform asks of a token it was handed (the sandbox page does): whom and what for. */
  verify: ep("GET /v1/token", "openIframe"),
} as const;

/** A tool page of its name: route `/<name>`, opened by the menu key of that name unless it says another. */
type ToolPage = Omit<ToolDecl, "token" | "name" | "route" | "menuKey"> & { menuKey?: string };
const ai = (title: string, summary: string, subPath: string, extra: Partial<ToolPage> = {}): ToolPage => ({ title, summary, subPath, timestamp: true, back: true, ...extra });

/**
 * Every tool page by name, in the order of the permission catalogue; the menu's items for them are
 * these (resources/kernel/menu.ts), so a tool's name, route and key are written here only.
 */
const pages = {
  mediaUploadMgr: { title: "媒体上传管理", summary: "上传视频、音频等媒体文件，供课程和直播使用。", subPath: "/media/upload" },
  vodMediaMgr: { title: "媒体管理", summary: "管理录播课节使用的视频文件。", subPath: "/media/vod" },
  srtMediaMgr: { title: "字幕管理", summary: "为视频上传和管理字幕文件。", subPath: "/media/srt" },
  recordCut: { title: "录制剪辑", summary: "剪辑直播的录制内容，生成回放。", menuKey: "liveop", subPath: "/record/cut", params: [{ name: "liveId" }, { name: "mode", values: ["data"] }] },
  emulive: { title: "仿真直播", summary: "用录好的视频按时间模拟一场直播。", menuKey: "liveop", subPath: "/emulive", params: [{ name: "liveId" }] },
  questionBankMgr: { title: "题库管理", summary: "编辑和整理题库中的题目。", subPath: "/question/bank", params: [{ name: "liveId" }], back: true },
  questionTagMgr: { title: "题目标签", summary: "管理给题目分类用的标签。", subPath: "/question/tag" },
  examMgr: { title: "考试管理", summary: "用题库组卷，发布和管理考试。", subPath: "/exam/manage", params: [{ name: "liveId" }], back: true },
  virtualAudio: ai("声音模型", "录制讲话声音，训练数字人的声音模型。", "/virtual/audio", { allow: "microphone" }),
  virtualProtrait: ai("形象模型", "上传照片或视频，生成数字人的形象。", "/virtual/portrait"),
  virtualOcr: ai("课件语料", "从课件中识别文字，作为数字人讲解的内容。", "/virtual/ocr"),
  virtualBgDoc: ai("背景文档", "管理数字人讲解时展示的文档。", "/virtual/bg-doc"),
  virtualBgVideo: ai("背景视频", "管理数字人讲解时播放的背景视频。", "/virtual/bg-video"),
  virtualMake: ai("数字人制作", "用声音、形象和课件语料制作数字人讲解视频。", "/virtual/make", { backGuard: { question: "是否需要保存数字人制作？" } }),
  chatRobotMgr: { title: "机器人管理", summary: "管理在直播间聊天中互动的机器人。", subPath: "/chat/robot" },
  chatTemplateMgr: { title: "话术模板", summary: "编辑聊天机器人使用的话术。", subPath: "/chat/template" },
  streamFilterWords: { title: "音视频敏感词", summary: "管理审核直播音视频时使用的敏感词。", subPath: "/stream/filter-words" },
  // 3 §2.4: the AI chat tool for one of today's sessions, chosen above the frame (the monitor's call, 3 §7.4).
  aichat: ai(livePages.aichat.title, "在直播间聊天中用AI与学生互动。", "/ai/chat", {
    params: [{ name: "liveId" }],
    back: false,
    chooser: {
      call: monitorApi.lives,
      query: todaySessionsQuery,
      param: "liveId",
      value: "id",
      label: "title",
      title: "今日直播",
      placeholder: "请选择直播",
      none: "今天没有直播",
      button: "查询",
      choose: "请选择直播后点击查询",
    },
  }),
  streamRec: { title: "直播流审核", summary: "审核直播中的音视频内容。", menuKey: "streamRecBySelect", subPath: "/stream/rec", params: [{ name: "id" }] },
} satisfies Record<string, ToolPage>;

/** The tool pages by name; each one's token is asked of the one token call. */
export const toolPages = Object.fromEntries(
  Object.entries(pages).map(([name, page]: [string, ToolPage]) => [name, { route: `/${name}`, name, menuKey: name, ...page, token: toolApi.token }]),
) as Record<keyof typeof pages, ToolDecl>;

/** Every tool page, in the order of the permission catalogue. */
export const tools: readonly ToolDecl[] = Object.values(toolPages);

/**
 * Token holders that are not frame pages: /bindExamByLive calls the exam service with a token of
 * its own (3 §7.1), under the exam-management key.
 */
export const examBinding = { name: "bindExamByLive", route: "/bindExamByLive", title: "绑定考试", menuKey: toolPages.examMgr.menuKey } as const;

/** Every name a token may be bound to, with the key its holder needs. */
export const tokenTools: Readonly<Record<string, { menuKey: string }>> = Object.fromEntries(
  [...tools, examBinding].map((t) => [t.name, { menuKey: t.menuKey }]),
);

/** The tools whose token the exam service accepts. */
export const examTokenTools: readonly string[] = [examBinding.name, toolPages.examMgr.name, toolPages.questionBankMgr.name];

/** Seconds a token lives; a frame page fetches a fresh one on each entry. */
export const tokenLifetimeSeconds = 30 * 60;

export { frameMessages as toolMessages } from "../kernel/frame";
