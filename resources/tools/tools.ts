import { ep } from "../kernel/endpoint";
import type { FrameDecl } from "../kernel/frame";

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

/** A tool page: its token is asked of the one token call. */
const tool = (decl: Omit<ToolDecl, "token">): ToolDecl => ({ ...decl, token: toolApi.token });

const ai = (route: string, title: string, summary: string, subPath: string, extra: Partial<ToolDecl> = {}): ToolDecl =>
  tool({ route: `/${route}`, name: route, title, summary, menuKey: route, subPath, timestamp: true, back: true, ...extra });

/** Every tool page, in the order of the permission catalogue. */
export const tools: readonly ToolDecl[] = [
  tool({ route: "/mediaUploadMgr", name: "mediaUploadMgr", title: "媒体上传管理", summary: "上传视频、音频等媒体文件，供课程和直播使用。", menuKey: "mediaUploadMgr", subPath: "/media/upload" }),
  tool({ route: "/vodMediaMgr", name: "vodMediaMgr", title: "媒体管理", summary: "管理录播课节使用的视频文件。", menuKey: "vodMediaMgr", subPath: "/media/vod" }),
  tool({ route: "/srtMediaMgr", name: "srtMediaMgr", title: "字幕管理", summary: "为视频上传和管理字幕文件。", menuKey: "srtMediaMgr", subPath: "/media/srt" }),
  tool({ route: "/recordCut", name: "recordCut", title: "录制剪辑", summary: "剪辑直播的录制内容，生成回放。", menuKey: "liveop", subPath: "/record/cut", params: [{ name: "liveId" }, { name: "mode", values: ["data"] }] }),
  tool({ route: "/emulive", name: "emulive", title: "仿真直播", summary: "用录好的视频按时间模拟一场直播。", menuKey: "liveop", subPath: "/emulive", params: [{ name: "liveId" }] }),
  tool({ route: "/questionBankMgr", name: "questionBankMgr", title: "题库管理", summary: "编辑和整理题库中的题目。", menuKey: "questionBankMgr", subPath: "/question/bank", params: [{ name: "liveId" }], back: true }),
  tool({ route: "/questionTagMgr", name: "questionTagMgr", title: "题目标签", summary: "管理给题目分类用的标签。", menuKey: "questionTagMgr", subPath: "/question/tag" }),
  tool({ route: "/examMgr", name: "examMgr", title: "考试管理", summary: "用题库组卷，发布和管理考试。", menuKey: "examMgr", subPath: "/exam/manage", params: [{ name: "liveId" }], back: true }),
  ai("virtualAudio", "声音模型", "录制讲话声音，训练数字人的声音模型。", "/virtual/audio", { allow: "microphone" }),
  ai("virtualProtrait", "形象模型", "上传照片或视频，生成数字人的形象。", "/virtual/portrait"),
  ai("virtualOcr", "课件语料", "从课件中识别文字，作为数字人讲解的内容。", "/virtual/ocr"),
  ai("virtualBgDoc", "背景文档", "管理数字人讲解时展示的文档。", "/virtual/bg-doc"),
  ai("virtualBgVideo", "背景视频", "管理数字人讲解时播放的背景视频。", "/virtual/bg-video"),
  ai("virtualMake", "数字人制作", "用声音、形象和课件语料制作数字人讲解视频。", "/virtual/make", { backGuard: { question: "是否需要保存数字人制作？" } }),
  tool({ route: "/chatRobotMgr", name: "chatRobotMgr", title: "机器人管理", summary: "管理在直播间聊天中互动的机器人。", menuKey: "chatRobotMgr", subPath: "/chat/robot" }),
  tool({ route: "/chatTemplateMgr", name: "chatTemplateMgr", title: "话术模板", summary: "编辑聊天机器人使用的话术。", menuKey: "chatTemplateMgr", subPath: "/chat/template" }),
  tool({ route: "/streamFilterWords", name: "streamFilterWords", title: "音视频敏感词", summary: "管理审核直播音视频时使用的敏感词。", menuKey: "streamFilterWords", subPath: "/stream/filter-words" }),
  tool({ route: "/streamRec", name: "streamRec", title: "直播流审核", summary: "审核直播中的音视频内容。", menuKey: "streamRecBySelect", subPath: "/stream/rec", params: [{ name: "id" }] }),
];

/**
 * Token holders that are not frame pages: /bindExamByLive calls the exam service with a token of
 * its own (3 §7.1), under the exam-management key.
 */
export const examBinding = { name: "bindExamByLive", route: "/bindExamByLive", title: "绑定考试", menuKey: "examMgr" } as const;

/** Every name a token may be bound to, with the key its holder needs. */
export const tokenTools: Readonly<Record<string, { menuKey: string }>> = Object.fromEntries(
  [...tools, examBinding].map((t) => [t.name, { menuKey: t.menuKey }]),
);

/** The tools whose token the exam service accepts. */
export const examTokenTools: readonly string[] = [examBinding.name, "examMgr", "questionBankMgr"];

/** Seconds a token lives; a frame page fetches a fresh one on each entry. */
export const tokenLifetimeSeconds = 30 * 60;

export { frameMessages as toolMessages } from "../kernel/frame";
