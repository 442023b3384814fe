import { ep } from "../kernel/endpoint";

/**
 * The exam service (3 §7.1) on the exam host kind, and the /bindExamByLive screen over it (3 §2.5).
 * Every call carries the page's frame token (`token`, of the tool `bindExamByLive`); Lectern answers
 * them itself under the exam prefix, in the envelope plus the spec's `content`.
 */
export const examApi = {
  /** `roomid` → `content`: the papers bound to that live. */
  bound: ep("GET /v1/bind/paper", "exam"),
  /** Query `paper_id`, `token`; body `roomid`, `paper_id`, `token`. Binding a bound paper again changes nothing. */
  bind: ep("POST /v1/paper/bind", "exam"),
  /** `roomid`, `paper_id`, `token` in the query. Unbinding an unbound paper changes nothing. */
  unbind: ep("DELETE /v1/paper/bind", "exam"),
  /** `page_no`, `limit` → `content.resultset`, `content.total`: every paper of the organisation. */
  papers: ep("GET /v1/papers", "exam"),
} as const;

/** One paper as the exam service answers it (3 §3); times 'YYYY-MM-DD HH:mm:ss'. */
export interface ExamPaper {
  paper_id: number;
  title: string;
  created_at: string;
  last_modified: string;
}

/** The bound-exam table and the import dialog's columns (3 §2.5). */
export const paperColumns = [
  { field: "title", title: "考试名称" },
  { field: "created_at", title: "创建时间" },
  { field: "last_modified", title: "最后修改时间" },
] as const;

export const examMessages = {
  confirmDelete: "确定删除吗？",
  deleted: "删除成功",
  select: "选择",
  deselect: "取消选择",
  importExam: "导入考试",
  noLive: "缺少直播编号",
  liveMissing: "直播不存在",
  paperMissing: "试卷不存在",
  tokenRefused: "token无效或已过期",
} as const;
