import { ep } from "../kernel/endpoint";
import { liveStateLabels, liveTypeLabels } from "./live-labels";

/**
 * The wire contract of live management (2 §7 "Lives", 3 §7.4, §7.5, §7.8): every call the live
 * screens make, in one place. The client names these (never a path of its own); the server
 * registers each one, guarded by the menu key in the comment (liveop, or courseop where the call
 * serves the course page's /liveCourse), with a schema, the organisation scope and the envelope.
 *
 * GET and DELETE carry their parameters in the query, POST/PATCH/PUT a JSON body (conventions.md).
 * Times on the wire are 'YYYY-MM-DD HH:mm:ss' in the server's zone. Lists answer `{data, count}`.
 */
export const liveApi = {
  // ── Lists (2 §2, §7) ──────────────────────────────────────────────────────────────────────
  /** All lives of the organisation, `{count, page}` (/liveop without filters). */
  all: ep("GET /cms/alllive"),
  /**
   * Search lives `{count, page, title?, liveid?, teacher?, status?, begintime?, endtime?, couseid?}`:
   * /liveop with filters, and /liveCourse (which always sends `couseid`, sic). `status` -1 all,
   * 0 not started, 1 live, 2 ended; `teacher` the main teacher's identity id.
   */
  search: ep("GET /cms/livesearch"),
  /** Main classrooms of a double-teacher course (types 5, 18) without filters: `{courseid, page, count}`. */
  master: ep("GET /cms/masterlive"),
  /** The same with `key` (title), for the main-classroom picker of the sub-class form. */
  masterSearch: ep("GET /cms/masterlivesearch"),
  /** Sub-classes of a main classroom `{courseid, masterid, count, page}`. */
  sub: ep("GET /cms/sublive"),
  /** `{id}` → `{name, type}` of a course (the /liveCourse title and the course type rules). */
  courseName: ep("GET /cms/coursename"),
  /** `{liveid}` → one live record (LiveRecord), for /changeLive and dialogs. */
  info: ep("GET /cms/liveiteminfo"),

  // ── Writes ───────────────────────────────────────────────────────────────────────────────
  /**
   * Add `{courseid, title, begintime, endtime, teachers, assistants, detail, masterid,
   * subClassName, config, emulateid}`; teachers and assistants are JSON text of
   * `[{account, name}]` (account = identity id). Code 918 when the balance is at or below the
   * arrears limit. Answers the new live; `msg` 添加成功.
   */
  create: ep("POST /cms/live"),
  /**
   * Modify `{id, title, begintime, endtime, teachers, assistants, subClassName, config,
   * initnum: -1}`; `{id, status: 0}` voids (the sub-class list). Answers the live.
   */
  update: ep("PATCH /cms/live"),
  /** Void `{id}` (one way, 2 §4); `msg` 作废成功. */
  remove: ep("DELETE /cms/live"),
  /**
   * Lives of the same teachers or assistants overlapping a time
   * `{begintime, endtime, teachers, assistants, liveid?}` (JSON text lists as in create) →
   * `data: [{Id, Title, BeginTime, EndTime, Who}]`: the form warns, the save is not refused.
   */
  conflicts: ep("GET /cms/liveconflicts"),

  /**
   * `{key?}` → `data: [{Id, Name, Type, Size}]`: files of the organisation's cloud disk (at most
   * `liveLimits.coursewareCandidates`, newest first, names containing `key`), for the live form's
   * courseware (2 §3 CloudDiskFiles), which /downloadDoc and the room list.
   */
  coursewareCandidates: ep("GET /cms/livecourseware"),

  // ── Students of a live (2 §7) ────────────────────────────────────────────────────────────
  /** Students of the organisation not in the live `{liveid, count, page}`. */
  unaddedStudents: ep("GET /cms/unaddedstudentlive"),
  /** The same with `key` (name or mobile). */
  unaddedStudentsSearch: ep("GET /cms/unaddedstudentlivesearch"),
  /** Students of the live `{liveid, count, page}` → `[{Id, Name, Mobile}]`. */
  students: ep("GET /cms/studentlive"),
  /** The same with `key`. */
  studentsSearch: ep("GET /cms/studentlivesearch"),
  /** Add `{userid, liveid}` (also enrols the student in the live's course). */
  addStudent: ep("POST /cms/studentlive"),
  /** Remove `{userid, liveid}`. */
  removeStudent: ep("DELETE /cms/studentlive"),
  /** One row of the xlsx import `{liveid, mobile, courseid, name?}`; refusals answer the row's msg. */
  addStudentByMobile: ep("POST /cms/inputstudentlive"),

  // ── Audience base, share links ───────────────────────────────────────────────────────────
  /** `{liveid}` → `{initNum}`. */
  initNumGet: ep("GET /cms/initnumget"),
  /** `{liveid, initnum}` (0 to 10,000,000) → `{initNum}`. */
  initNumSet: ep("POST /cms/initnumset"),
  /** `{liveid}` → `{guid}`: the no-verification link's guid, made on first ask, then stable. */
  shareGuid: ep("GET /cms/urlsharerq"),
  /** `{liveid}` → `{guid}`: the replay link's guid. */
  replayGuid: ep("GET /cms/replaysharerq"),

  // ── Group defaults (2 §2 /liveSetting, 3 §2.7, §3) ──────────────────────────────────────────
  /** → `{config}`: JSON text of the group config (resources/lives/live-config.ts), defaults filled in. */
  groupConfig: ep("GET /cms/groupconfig"),
  /** `{config}` (JSON text) → `msg` 配置修改成功，新创建直播会使用最新配置. */
  groupConfigSet: ep("PATCH /cms/groupconfig"),

  // ── Simulated-live templates (2 §2 /fzLiveTemplate, §7) ──────────────────────────────────────
  /** `{count, page}` → templates and `count` (the live form offers the picker only when count > 0). */
  templates: ep("GET /cms/emulatelive"),
  /** `{count, page, title?, begintime?, endtime?}`. */
  templatesSearch: ep("GET /cms/emulatelivesearch"),
  /** `{id}` → one template (EmulateTemplateRecord), for /changeFzLive opened from an address. */
  templateInfo: ep("GET /cms/emulateliveinfo"),
  templateCreate: ep("POST /cms/emulatelive"),
  templateUpdate: ep("PATCH /cms/emulatelive"),
  /** Void `{id}`. */
  templateRemove: ep("DELETE /cms/emulatelive"),

  // ── Verification (2 §2 设置验证方式, §7 validator service) ──────────────────────────────────
  /**
   * `{liveid}` → `{token, liveid}`: the short-lived token the validator service calls carry
   * (bound to organisation, identity and live).
   */
  validatorToken: ep("GET /cms/liveiframetoken"),
} as const;

/**
 * The validator service (2 §7, 3 §7.8) on the live-validator host: every call carries `roomid`
 * (the live id) and `token` (liveApi.validatorToken) in the query. Answers in the envelope plus the
 * spec's `content` where it names one.
 */
export const validatorApi = {
  /** → `content`: ValidatorSettings, or null while the live has none (the page then saves the default). */
  get: ep("GET /admin/validator", "liveValidator"),
  /** Body ValidatorSettings; `desc` is sanitised HTML once stored. */
  save: ep("POST /admin/validator", "liveValidator"),
  /** `{page, limit}` → `content: {total, page, limit, resultset: [{id, username, password}]}`. */
  whitelist: ep("GET /admin/whitelist", "liveValidator"),
  /** Body `{username, password}`. */
  whitelistAdd: ep("POST /admin/whitelist", "liveValidator"),
  /** Query `id`; body `{username, password}`. */
  whitelistUpdate: ep("PUT /admin/whitelist", "liveValidator"),
  /** Query `id`; `id=0` clears the whole list. */
  whitelistRemove: ep("DELETE /admin/whitelist", "liveValidator"),
  /**
   * Dry run of an import, body `{rows: [{username, password}]}` (at most 20,000) → `content:
   * {accepted, errors: [{row, username, password, reason}]}`: duplicates within the file and
   * against the list, empty passwords, rows past 50,000 in all. Nothing is written.
   */
  whitelistCheck: ep("POST /admin/whitelist/check", "liveValidator"),
  /** The same body; writes the accepted rows in one transaction → `content: {added, errors}`. */
  whitelistImport: ep("POST /admin/whitelist/import", "liveValidator"),
  /** → `content: {total, resultset}`: every entry (at most 50,000), for the export. */
  whitelistExport: ep("GET /admin/whitelist/export", "liveValidator"),
} as const;

export { liveStateLabels, liveTypeLabels };

/** The list filter's values of LiveState (-1 all). */
export const liveStatusFilter: Record<string, string> = { "-1": "全部", ...liveStateLabels };

/**
 * Who may use a course's lives and what their rows and forms do: liveop, or courseop, whose
 * /courseop leads there (resources/lives/live.ts `menu.alsoFor`): the lists but the organisation-wide
 * one, the live form, its pickers and the verification drawer. The server guards each call so.
 */
export const liveCourseKeys: readonly string[] = ["liveop", "courseop"];

/** The sidebar place of the lives' screens and dialogs: liveop's, also open to courseop's holders (a course's lives). */
export const liveMenu = { group: "course", key: liveCourseKeys[0], alsoFor: liveCourseKeys.slice(1) } as const satisfies { group: string; key: string; alsoFor: readonly string[] };

/** The menu key of /liveSetting, the organisation's live defaults (2 §2). */
export const liveSettingKey = "liveSetting";
/** The menu key of the chat monitor, whose pages lead to a live's chat review (2 §2 /chatManager). */
export const chatMonitorKey = "chatMonitor";

/** A live as the monitors list it (2 §3 monitor row): the live monitor adds who is in its room, the chat monitor what waits for review. */
export interface MonitoredLive {
  id: number;
  courseid: number;
  title: string;
  begintime: string;
  endtime: string;
  livetype: number;
}

/** The menu key of the live monitor, whose pages lead to a live's viewers and its teacher's time machine (2 §2 /liveMonitor). */
export const liveMonitorKey = "liveMonitor";

/** Course types whose lives are managed with sub-classes (2 §2): double-teacher and large-class small-lesson. */
export const subClassCourseTypes: readonly number[] = [5, 18];

/** A teacher of a live as its JSON text carries it (2 §3). */
export interface LiveTeacher {
  account: number;
  name: string;
  nick?: string;
  introduce?: string;
  headImg?: string;
}

/** An assistant of a live as its JSON text carries it. */
export interface LiveAssistant {
  account: number;
  name: string;
}

/** One live on the wire (2 §3). Teachers, Assistants and Config are JSON text. */
export interface LiveRecord {
  Id: number;
  EncryptRoomId: string;
  Title: string;
  CourseId: number;
  CourseName: string;
  /** The course's type (the rules of 2 §2 for sub-classes and simulated lives read it). */
  CourseType: number;
  /** The course's maximum users: with its type, how many students the live may have (resources/courses/course.ts courseSeats). */
  CourseMaxUsers: number;
  BeginTime: string;
  EndTime: string;
  Teachers: string;
  Assistants: string;
  StudentCount: number;
  LiveType: number;
  LiveState: number;
  /** 1 active, otherwise voided. */
  Status: number;
  Detail: string;
  CreateTime: string;
  UpdateTime: string;
  MasterId: number;
  MasterName: string;
  Emulateid: number;
  Config: string;
  CloudDiskFiles: string;
  SubClassName: string;
}

/** A simulated-live template on the wire (2 §3). */
export interface EmulateTemplateRecord {
  Id: number;
  Title: string;
  LiveType: number;
  BeginTime: string;
  EndTime: string;
  Detail: string;
  Teachers: string;
  Assistants: string;
  Status: number;
  CreateTime: string;
  UpdateTime: string;
}

/** A live that already has one of the people at an overlapping time (liveApi.conflicts): the form's warning. */
export interface LiveConflict {
  Id: number;
  Title: string;
  BeginTime: string;
  EndTime: string;
  /** The names of the teachers and assistants it shares, 、-separated. */
  Who: string;
}

/** A registration field of the verification form designer (2 §3). */
export interface RegistrationField {
  /** 1 phone, 2 email, 3 text, 4 address, 5 single choice, 6 multiple choice. */
  formaDataType: 1 | 2 | 3 | 4 | 5 | 6;
  name: string;
  placeholder: string;
  required: boolean;
  checkList: string[];
  isPhone: boolean;
}

/** Validator settings (2 §3): how viewers of a shared live are let in. */
export interface ValidatorSettings {
  /** 1 no password, 2 whitelist, 3 single password. */
  check: 1 | 2 | 3;
  password: string;
  logo_url: string;
  poster: string;
  desc: string;
  extra: { isRecord: 1 | 2; data: RegistrationField[] };
}

/** 2 §4, §9: the limits the live screens and the server both keep. */
export const liveLimits = {
  titleMax: 60,
  /** A live spans at most a day, with one second of tolerance. */
  maxSpanMs: 86_400_000 + 1000,
  durationShortcutsHours: [1, 2, 3],
  initNumMax: 10_000_000,
  subClassNameMax: 4,
  pickerLoad: 1000,
  studentPageSize: 5,
  templatePageSize: 5,
  tagsShown: 3,
  importRows: 500,
  whitelistTotal: 50_000,
  whitelistPerImport: 20_000,
  verificationImageBytes: 5 * 1024 * 1024,
  logoCrop: { width: 120, height: 100 },
  qrSize: 150,
  coursewareMax: 20,
  coursewareCandidates: 50,
} as const;

/** Messages of 2 §5 and §8 that more than one screen, or the server and a screen, share. */
export const liveMessages = {
  insufficientBalance: "当前余额不足，请尽快充值！",
  arrearsLimit: "您的账号欠费已达到最大额度限制，请及时充值！",
  createFailed: "课程创建失败，请联系管理员！",
  confirmVoid: "确定要作废该直播吗？",
  voided: "作废成功",
  copied: "复制成功",
  confirmEmulate: "确认创建该直播为仿真直播，一旦创建不可修改直播类型",
  groupConfigSaved: "配置修改成功，新创建直播会使用最新配置",
  groupConfigFailed: "配置修改失败，请联系管理员",
  unsavedClose: "当前信息未保存，是否关闭",
  confirmSubmit: "是否提交内容",
  imageType: "只能上传图片格式",
  imageSize: "上传图片大小不能超过5M",
  tokenFailed: "获取webtoken失败",
  validatorLoadFailed: "获取校验方式数据失败",
  whitelistLoadFailed: "获取白名单失败",
  whitelistAddFailed: "添加失败",
  whitelistAddNetwork: "添加失败， 可能存在相同的密码",
  whitelistUpdateFailed: "修改失败",
  whitelistClearFailed: "清除白名单失败",
  whitelistCleared: "清除白名单成功",
  whitelistExportFailed: "导出白名单失败",
  whitelistNeedsBoth: "请输入用户名和密码",
  fieldNameMissing: "请完善信息名称",
  optionEmpty: "内容不能为空",
  imageInsertFailed: "图片插入失败！",
  importFormat: "格式错误！请重新选择",
  coursewareMissing: "课件不存在或已被删除，请重新选择",
} as const;

/**
 * What a row of a live's batch import says once imported: the organisation's student was added,
 * or a new student was made for a mobile it did not know (a typo makes a new person, issue 16).
 * The summary counts them in this order.
 */
export const liveImportNotes = { added: "已添加", created: "新建学员" } as const;

/** Code of a refused add when the organisation's balance is at or below its arrears limit (2 §8). */
export const insufficientBalanceCode = 918;
