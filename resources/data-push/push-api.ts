import { ep } from "../kernel/endpoint";

/** The menu key of /pushDataOp (1 §2 PaaS access). */
export const pushMenuKey = "pushDataOp";

/**
 * Data push (3 §2.7, §7.7, issue 19 item 8): the config is the catalogue's `apinotify`; the
 * delivery log, its replay and the organisation's signing secret are Lectern's own (issue 19 item 10).
 */
export const pushApi = {
  /** → `{status, config}`: the master switch (1/0) and the groups with their apis (3 §7.7 data.status, data.config). */
  config: ep("GET /cms/apinotify"),
  /** `{status, config}` → the saved record, msg 配置保存成功！5分钟生效. */
  configSet: ep("PATCH /cms/apinotify"),
  /** `page`, `count`, `event`? → the deliveries, newest first (PushDelivery), and `count`. */
  deliveries: ep("GET /cms/apinotify/log"),
  /** `{id}` of a delivery → a new delivery of the same event and body to the api's current address. */
  replay: ep("POST /cms/apinotify/replay"),
  /** → `{secret}`: the organisation's signing key, made at its first reading. */
  secret: ep("GET /cms/apinotify/secret"),
  /** → `{secret}`: a new signing key; the old one signs nothing more. */
  secretReset: ep("POST /cms/apinotify/secret/reset"),
} as const;

/** The headers of a delivery: the signature is HMAC-SHA256 (hex) of `${timestamp}.${body}` with the organisation's secret. */
export const pushHeaders = {
  signature: "x-lectern-signature",
  timestamp: "x-lectern-timestamp",
  event: "x-lectern-event",
  delivery: "x-lectern-delivery",
} as const;

export const pushMessages = {
  saved: "配置保存成功！5分钟生效",
  saveFailed: "配置保存失败",
  /** 3 §5: a checked entry with an empty URL; `{name}` is the entry's name. */
  urlMissing: "请输入【{name}】接口地址",
  urlInvalid: "【{name}】接口地址格式不正确，请以 http:// 或 https:// 开头",
  loadFailed: "数据推送配置加载失败",
  urlUnresolved: "【{name}】接口地址无法解析",
  urlPrivate: "【{name}】接口地址不可指向本机、内网或保留地址",
  replayed: "已重新推送",
  replayConfirm: "确定按当前配置重新推送这条数据吗？",
  noDelivery: "推送记录",
  secretReset: "推送密钥已重置",
} as const;

/** `{name}` in a message filled with an entry's name. */
export const named = (message: string, name: string) => message.replace("{name}", name);

/**
 * The events an organisation can be told of, by group (3 §3 push config: groups with their apis),
 * in the order /pushDataOp shows them. `event` is what a delivery carries; `name` what the page
 * and its messages call it.
 */
export const pushGroups = [
  {
    name: "直播",
    apis: [
      { event: "live.started", name: "直播开始" },
      { event: "live.ended", name: "直播结束" },
    ],
  },
  {
    name: "考勤",
    apis: [
      { event: "attendance.entered", name: "进入直播间" },
      { event: "attendance.left", name: "离开直播间" },
    ],
  },
  { name: "聊天", apis: [{ event: "chat.message", name: "聊天消息" }] },
  { name: "充值", apis: [{ event: "recharge.paid", name: "充值到账" }] },
] as const;

export type PushEvent = (typeof pushGroups)[number]["apis"][number]["event"];

/** Event → its name, for the log's 事件 column and filter. */
export const pushEventLabels: Readonly<Record<string, string>> = Object.fromEntries(pushGroups.flatMap((g) => g.apis.map((a) => [a.event, `${g.name}·${a.name}`])));

/** One api of the stored config (3 §3): its name, address and whether it is on (1) or off (0). */
export interface PushApiEntry {
  event: string;
  name: string;
  url: string;
  status: number;
}

export interface PushGroup {
  name: string;
  apis: PushApiEntry[];
}

export interface PushConfig {
  status: number;
  config: PushGroup[];
}

/** The declared groups with every api off and no address: an organisation that saved nothing. */
export const pushConfigDefaults: PushConfig = {
  status: 0,
  config: pushGroups.map((g) => ({ name: g.name, apis: g.apis.map((a) => ({ event: a.event, name: a.name, url: "", status: 0 })) })),
};

/** A delivery's state in the log: queued (waiting for its next try), delivered, or given up. */
export const pushStateLabels: Readonly<Record<string, string>> = { queued: "等待重试", done: "成功", failed: "失败" };

/** A delivery as the log lists it. */
export interface PushDelivery {
  Id: number;
  Event: string;
  Url: string;
  StatusCode: number | null;
  LatencyMs: number | null;
  Attempts: number;
  State: string;
  Error: string;
  Body: string;
  CreateTime: string;
  UpdateTime: string;
}
