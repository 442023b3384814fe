import { defineResource } from "../kernel/define";
import { ep } from "../kernel/endpoint";

/**
 * Admin messages (2 §2 /messageop, §3, §7): a list with add and delete, delete confirmed.
 * The calls are the spec's group-message calls (3 §7.8: /cms/webgroupmsg GET, POST, DELETE):
 * list {count, page}, add {msg}, delete {id}. Rows: Id, Msg, CreateUser, CreateTime.
 */
export default defineResource({
  name: "message",
  noun: "消息",
  title: "消息推送",
  route: "/messageop",
  menu: { group: "message", key: "messageop" },
  api: {
    list: ep("GET /cms/webgroupmsg"),
    create: ep("POST /cms/webgroupmsg"),
    remove: ep("DELETE /cms/webgroupmsg"),
  },
  id: "Id",
  label: "Msg",
  columns: [
    { field: "Msg", title: "消息内容" },
    { field: "CreateUser", title: "创建人", width: 120 },
    { field: "CreateTime", title: "创建时间", format: "datetime", width: 170 },
  ],
  actions: ["delete"],
  forms: { create: "message.create" },
  table: {
    name: "admin_messages",
    columns: [
      { column: "id", wire: "Id" },
      { column: "msg", wire: "Msg", from: { form: "msg" } },
      { column: "create_user", wire: "CreateUser", from: "actor" },
      { column: "created_at", wire: "CreateTime", from: "created", datetime: true },
      { column: "updated_at", from: "updated" },
    ],
    order: [{ column: "created_at", desc: true }],
  },
});
