import { adminPages } from "../kernel/route";

/**
 * The lives' pages without a declaration of their own (2 §2, 3 §2.2): a course's lives, a live's
 * row actions, the monitor and its drill-downs. The chat monitor is a declared list (resources/moderation/screens.ts). The live form and the group's live settings are
 * declared as full-page forms (resources/lives/forms.ts).
 */
export const livePages = adminPages({
  liveCourse: "课程直播",
  subLiveManager: "子班级管理",
  sellProduct: "直播商品",
  adInfoByLive: "直播广告",
  liveStat: "直播统计",
  audioDown: "音频下载",
  downloadDoc: "课件下载",
  exportLiveUserDataShowData: "听课数据",
  liveMonitor: "直播监控",
  userLiveStatus: { title: "学生在线状态", within: ["/liveMonitor"] },
  chatManager: { title: "聊天管理", within: ["/chatMonitor"] },
  teaTimeMachine: { title: "老师时光机", within: ["/liveMonitor"] },
  aichat: "AI互动",
  streamRecBySelect: "直播流审核",
});

export const liveRoutes = Object.values(livePages);
