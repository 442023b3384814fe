import { liveApi, liveLimits, validatorApi, type ValidatorSettings } from "../../resources/lives/live-api";
import { phoneField, whitelistReasons, type WhitelistEntry, type WhitelistRow, type WhitelistRowError } from "../../resources/lives/live-validator";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";

export interface VerificationStage {
  /** The live's settings when the drawer opens; null: none saved yet (the drawer saves the default). */
  settings?: ValidatorSettings | null;
  entries?: WhitelistEntry[];
  /** The token call fails (获取webtoken失败). */
  tokenFails?: boolean;
  /** The settings read fails with this msg (获取校验方式数据失败). */
  settingsFail?: string;
  /** The whitelist page read fails with this msg (获取白名单失败). */
  listFail?: string;
  /** Calls answering this refusal instead: add, update, clear (id 0), export. */
  refuse?: Partial<Record<"add" | "update" | "clear" | "export", string>>;
}

/** The whitelist a live has in the stories: 23 viewers. */
export const sampleEntries: WhitelistEntry[] = Array.from({ length: 23 }, (_, i) => ({
  id: 101 + i,
  username: `${"王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢"[i]}同学`,
  password: `vip${String(8801 + i)}`,
}));

/** A live asking for a whitelist and a registration form of four fields. */
export const whitelistSettings: ValidatorSettings = {
  check: 2,
  password: "",
  logo_url: "",
  poster: "",
  desc: "<h2>高一数学公开课</h2><p>本场直播讲解<strong>函数的单调性</strong>，请提前准备笔记本。</p><ul><li><p>时长约 90 分钟</p></li><li><p>课后提供回放</p></li></ul>",
  extra: {
    isRecord: 2,
    data: [
      phoneField,
      { formaDataType: 3, name: "姓名", placeholder: "请输入真实姓名", required: true, checkList: [], isPhone: false },
      { formaDataType: 5, name: "年级", placeholder: "", required: true, checkList: ["高一", "高二", "高三"], isPhone: false },
      { formaDataType: 6, name: "感兴趣的科目", placeholder: "", required: false, checkList: ["数学", "物理"], isPhone: false },
    ],
  },
};

/**
 * The server's side of the verification drawer for one live: the token, the settings (saved ones
 * kept), and a whitelist that pages, adds (a password the live has is refused), changes, removes,
 * clears and imports (the dry run judged as the server judges). `state` is what it holds now.
 */
export function verificationAnswers(stage: VerificationStage = {}): MockRoutes & { state: { settings: ValidatorSettings | null; entries: WhitelistEntry[] } } {
  const state = { settings: stage.settings === undefined ? null : stage.settings, entries: [...(stage.entries ?? [])] };
  let nextId = 1000;
  const refused = (call: keyof NonNullable<VerificationStage["refuse"]>) => (stage.refuse?.[call] ? failEnvelope(400, stage.refuse[call]!) : null);
  const taken = (password: string, except?: number) => state.entries.some((e) => e.password === password && e.id !== except);
  const judge = (rows: WhitelistRow[]) => {
    const first = new Map<string, number>();
    const errors: WhitelistRowError[] = [];
    const accepted: WhitelistRow[] = [];
    rows.forEach((row, i) => {
      const reason = !row.username.trim() || !row.password.trim()
        ? whitelistReasons.empty
        : first.has(row.password)
          ? whitelistReasons.duplicateInFile(first.get(row.password)!)
          : taken(row.password)
            ? whitelistReasons.inList
            : state.entries.length + accepted.length >= liveLimits.whitelistTotal
              ? whitelistReasons.overTotal
              : null;
      if (!first.has(row.password)) first.set(row.password, i + 1);
      if (reason) errors.push({ row: i + 1, ...row, reason });
      else accepted.push(row);
    });
    return { accepted, errors };
  };
  const routes: MockRoutes = [
    [liveApi.validatorToken, ({ query }) => (stage.tokenFails ? failEnvelope(400, "直播不存在或已作废") : okEnvelope({ token: `story-token-${String(query.liveid)}`, liveid: Number(query.liveid), expires_in: 1800 }))],
    [validatorApi.get, () => (stage.settingsFail ? failEnvelope(500, stage.settingsFail) : okEnvelope(state.settings, { content: state.settings }))],
    [validatorApi.save, ({ body }) => ((state.settings = body as unknown as ValidatorSettings), okEnvelope(state.settings, { content: state.settings, msg: "保存成功!" }))],
    [
      validatorApi.whitelist,
      ({ query }) => {
        if (stage.listFail) return failEnvelope(500, stage.listFail);
        const page = Number(query.page ?? 1);
        const limit = Number(query.limit ?? 10);
        const content = { total: state.entries.length, page, limit, resultset: state.entries.slice((page - 1) * limit, page * limit) };
        return okEnvelope(content, { content, count: content.total });
      },
    ],
    [
      validatorApi.whitelistAdd,
      ({ body }) => {
        const row = body as unknown as WhitelistRow;
        if (refused("add")) return refused("add");
        if (taken(row.password)) return failEnvelope(400, "该密码已存在");
        const entry = { id: (nextId += 1), username: row.username, password: row.password };
        state.entries.push(entry);
        return okEnvelope(entry, { content: entry, msg: "添加成功" });
      },
    ],
    [
      validatorApi.whitelistUpdate,
      ({ query, body }) => {
        const id = Number(query.id);
        const row = body as unknown as WhitelistRow;
        if (refused("update")) return refused("update");
        if (taken(row.password, id)) return failEnvelope(400, "该密码已存在");
        state.entries = state.entries.map((e) => (e.id === id ? { id, ...row } : e));
        return okEnvelope({ id, ...row }, { msg: "修改成功" });
      },
    ],
    [
      validatorApi.whitelistRemove,
      ({ query }) => {
        const id = Number(query.id);
        if (id === 0 && refused("clear")) return refused("clear");
        const removed = id === 0 ? state.entries.length : 1;
        state.entries = id === 0 ? [] : state.entries.filter((e) => e.id !== id);
        return okEnvelope({ removed }, { content: { removed }, msg: "删除成功" });
      },
    ],
    [
      validatorApi.whitelistCheck,
      ({ body }) => {
        const { accepted, errors } = judge((body.rows ?? []) as WhitelistRow[]);
        const content = { accepted: accepted.length, errors };
        return okEnvelope(content, { content });
      },
    ],
    [
      validatorApi.whitelistImport,
      ({ body }) => {
        const { accepted, errors } = judge((body.rows ?? []) as WhitelistRow[]);
        for (const row of accepted) state.entries.push({ id: (nextId += 1), ...row });
        const content = { added: accepted.length, errors };
        return okEnvelope(content, { content, msg: `成功导入${accepted.length}条` });
      },
    ],
    [
      validatorApi.whitelistExport,
      () => refused("export") ?? okEnvelope({ total: state.entries.length, resultset: state.entries }, { content: { total: state.entries.length, resultset: state.entries } }),
    ],
  ];
  return Object.assign(routes, { state });
}
