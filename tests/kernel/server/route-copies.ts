/**
 * The copies of route titles, paths and menu keys still written outside their declaration, by the
 * files that write them (issue 17 item 5). What is left is mostly a control's own words that happen
 * to match a page's title (a 登录 button, the portal avatar menu's 首页, a row action's 考试管理) and
 * menu keys the upload kinds and the live lists grant by. tests/kernel/server/one-place.test.ts lets
 * this list shrink, never grow: a new copy fails it, and a copy taken away must leave the list too.
 */
export const titleCopies: Record<string, readonly string[]> = {
  "登录": ["resources/auth/routes.ts", "src/features/auth/password-login-form.tsx", "src/features/auth/quick-login-form.tsx"],
  "首页": ["resources/auth/routes.ts", "src/shells/portal-shell.tsx"],
  "直播管理": ["resources/courses/course.ts", "resources/lives/live.ts"],
  "课程直播": ["resources/kernel/menu.ts", "resources/lives/routes.ts"],
  "直播流审核": ["resources/lives/routes.ts", "resources/tools/tools.ts"],
  "修改密码": ["resources/auth/forms.ts", "resources/portal/account.ts"],
  "存储统计": ["resources/stats/routes.ts", "resources/stats/stats.ts"],
  "字幕管理": ["resources/kernel/menu.ts", "resources/tools/tools.ts"],
  "仿真直播": ["resources/courses/course.ts", "resources/kernel/menu.ts", "resources/tools/tools.ts"],
  "考试管理": ["resources/lives/live.ts", "resources/tools/tools.ts"],
  "课件语料": ["resources/cloud-disk/cloud-disk.ts", "resources/tools/tools.ts"],
  "背景视频": ["resources/cloud-disk/cloud-disk.ts", "resources/tools/tools.ts"],
  "机构云盘": ["resources/cloud-disk/screens.ts", "resources/kernel/menu.ts"],
  "个人云盘": ["resources/cloud-disk/screens.ts", "resources/kernel/menu.ts"],
  "消息": ["resources/platform/message.ts", "resources/portal/routes.ts"],
};

export const pathCopies: Record<string, readonly string[]> = {
};

export const keyCopies: Record<string, readonly string[]> = {
  "recharge": ["resources/billing/recharge.ts", "resources/kernel/menu.ts"],
  "costrecord": ["resources/billing/cost-record.ts", "resources/stats/stats.ts"],
  "groupCertification": ["resources/certification/certification.ts", "resources/kernel/endpoint.ts", "resources/kernel/menu.ts", "resources/kernel/upload.ts"],
  "courseop": ["resources/courses/course.ts", "resources/kernel/upload.ts", "resources/lives/live-api.ts"],
  "liveop": ["resources/kernel/upload.ts", "resources/lives/live-api.ts", "resources/tools/tools.ts"],
};
