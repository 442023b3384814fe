import type { CallListDecl, CallScreenDecl } from "../kernel/call-list";
import { liveTypeLabels } from "../lives/live-api";
import { portalApi } from "./portal";
import { portalChildren } from "./routes";

const titleOf = (child: string) => portalChildren.find((page) => page.child === child)!.title;

const messagesFailed = "消息加载失败";

/** A course's rooms (2 §2 "Portal", §4), each with the button of its status and its countdown. */
const courseRooms: CallListDecl = {
  call: portalApi.classRooms,
  sends: ["user_type", "group_id", "class"],
  rowKey: "live_id",
  columns: [
    { field: "title", title: "直播" },
    { field: "begin_time", title: "时间", format: "range", to: "end_time" },
    { field: "teachers", title: "主讲", format: "tags", tags: { label: "name" } },
    { field: "live_type", title: "类型", format: "enum", options: liveTypeLabels },
    { field: "status", title: "操作", cell: "roomEntry" },
  ],
  empty: "该课程还没有直播",
};

/**
 * The portal's screens by child path of /teaIndex, /assistantIndex and /stuIndex (2 §2 "Portal"):
 * every call carries the person's `user_type` (2 §6), handed by the portal.
 */
export const portalScreens: Readonly<Record<string, CallScreenDecl>> = {
  /** 我的课程 (1 §2.2): courses in progress and ended, each opening to its rooms. */
  courses: {
    route: "courses",
    title: titleOf("courses"),
    tabs: {
      param: "time_out",
      items: [
        { key: "going", label: "进行中", value: 0, empty: "没有进行中的课程" },
        { key: "ended", label: "已结束", value: 1, empty: "没有已结束的课程" },
      ],
    },
    list: {
      call: portalApi.classes,
      rows: "classes",
      sends: ["user_type", "time_out"],
      rowKey: "class_id",
      columns: [
        { field: "class_name", title: "课程" },
        { field: "total", title: "进度", cell: "courseProgress" },
      ],
      empty: "没有课程",
      listFailure: "课程加载失败",
      expand: { list: courseRooms, params: { group_id: "{group_id}", class: "{class_id}" } },
    },
  },
  /**
   * 消息 (1 §2.2, 2 §2 "Portal"): the organisation groups whose admins message the person, each
   * with its last message; the one chosen (kept in the address) its messages, newest first.
   */
  message: {
    route: "message",
    title: titleOf("message"),
    list: {
      call: portalApi.groupMessages,
      rows: "groups",
      sends: ["user_type"],
      rowKey: "id",
      header: false,
      columns: [{ field: "name", title: "分组", cell: "messageGroup" }],
      empty: "暂无消息",
      listFailure: messagesFailed,
    },
    detail: {
      param: "group",
      title: "消息分组",
      name: "{name}",
      choose: "选择左侧的分组查看消息",
      params: { groupid: "{id}" },
      list: {
        call: portalApi.groupMessages,
        rows: "messages",
        sends: ["user_type", "groupid"],
        cursor: { param: "ts", next: "next" },
        rowKey: "Id",
        header: false,
        columns: [
          { field: "Msg", title: "消息内容", keepLines: true },
          { field: "CreateTime", title: "时间", format: "datetime" },
        ],
        empty: "暂无消息",
        listFailure: messagesFailed,
      },
    },
  },
};
