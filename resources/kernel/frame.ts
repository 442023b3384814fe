import type { Endpoint } from "./endpoint";

/**
 * A page that is a frame of another host (3 §2.5's tool pages), as plain data: the engine draws
 * the header, asks `token` for a token bound to `name` on every entry, and frames the address.
 */
export interface FrameDecl {
  route: string;
  /** Also the tool name a token is bound to. */
  name: string;
  title: string;
  /** What the tool is for, in a sentence: the sandbox open platform says it where the tool would be. */
  summary: string;
  /**
   * The permission a sub-admin must hold (1 §3). Tools opened from another page's rows (a live's
   * recording cut) carry the key of that page.
   */
  menuKey: string;
  /** The call that hands out a token for `name` (`{tool}` → `{token}`). */
  token: Endpoint;
  /** Fixed path of the tool on the open-platform host. */
  subPath: string;
  /**
   * Query parameters of the route passed on to the frame under the same name, when the address has
   * them; a parameter with `values` is passed on only with one of them (/recordCut: `mode=data` is
   * the interaction-replay cut, no mode the cinema-replay cut, 2 §2).
   */
  params?: { name: string; values?: readonly string[] }[];
  /** The AI pages add the time of loading, so the open platform never answers from a cache (3 §2.5). */
  timestamp?: boolean;
  /** The frame's `allow` attribute: the voice page records the speaker (3 §2.5). */
  allow?: string;
  /** The page's own 返回 (back one page). Routes outside the sidebar get the shell's instead. */
  back?: boolean;
  /**
   * The frame posts `{type: "goBackTip", flag}`; while the flag is set, 返回 asks `question` and only
   * the cancel branch leaves (3 §2.5, /virtualMake).
   */
  backGuard?: { question: string };
  /**
   * The frame shows one record chosen above it (3 §2.4 /aichat: today's sessions and 查询): a select
   * of the rows `call` answers to `query` (`value` sent, `label` shown), and `button`, which puts the
   * chosen value in the address as `param` (one of `params`) and loads the frame afresh for it.
   */
  chooser?: {
    call: Endpoint;
    query: Readonly<Record<string, string | number>>;
    param: string;
    value: string;
    label: string;
    /** The select's label, what it says unpicked, and with nothing to choose from. */
    title: string;
    placeholder: string;
    none: string;
    button: string;
    /** What stands where the frame will be until something is chosen. */
    choose: string;
  };
}

/** The delay before a hidden frame is shown again, forcing its reload (3 §4, §9). */
export const frameReloadMs = 100;

export const frameMessages = { tokenFailed: "获取webtoken失败" } as const;
