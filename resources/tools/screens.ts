import { examApi, examMessages, paperColumns } from "./exam";
import type { CallListDecl, CallScreenDecl } from "../kernel/call-list";
import { examBinding, toolApi } from "./tools";

/** 导入考试's list: every paper of the organisation, 10/20/50 a page, 选择 or 取消选择 by bound state (3 §2.5). */
export const allPapers: CallListDecl = {
  call: examApi.papers,
  rows: "resultset",
  paging: { page: "page_no", size: "limit", total: "total" },
  sends: ["token"],
  rowKey: "paper_id",
  columns: paperColumns,
  empty: "暂无考试",
  actions: ["paperPick"],
};

/** /bindExamByLive?liveId: the exams bound to a live, and 导入考试 (3 §2.5, §4). */
export const boundPapers: CallScreenDecl = {
  route: examBinding.route,
  title: examBinding.title,
  menuKey: examBinding.menuKey,
  fromAddress: { roomid: { param: "liveId", missing: examMessages.noLive } },
  token: { call: toolApi.token, tool: examBinding.name },
  list: {
    call: examApi.bound,
    sends: ["roomid", "token"],
    rowKey: "paper_id",
    columns: paperColumns,
    empty: "暂未绑定考试",
    actions: ["paperUnbind"],
    toolbar: ["paperImport"],
  },
};
