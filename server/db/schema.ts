import type { Generated } from "kysely";

/** Times are epoch milliseconds; money is in thousandths of a yuan; flags are 0/1. */
export interface PersonTable {
  id: Generated<number>;
  mobile: string;
  password_hash: string;
  nickname: string;
  headimg: string;
  /** The organisation whose user screens created the person; null: registered themself, or unknown (migration 0007). */
  created_by_org: number | null;
  /** The first sign-in; null: never signed in (migration 0007). */
  first_sign_in_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface OrganisationTable {
  id: Generated<number>;
  name: string;
  balance_milli: number;
  created_at: number;
  /** How far below zero the balance may go before a new live is refused with 918 (migration 0016). */
  arrears_limit_milli: Generated<number>;
}

/** admin = main admin; subadmin, teacher, assistant, student as named. */
export type Role = "admin" | "subadmin" | "teacher" | "assistant" | "student";

/** Searched by name and mobile fragments through the index of migration 0002 (services/user-list.ts). */
export interface IdentityTable {
  id: Generated<number>;
  person_id: number;
  org_id: number;
  role: Role;
  name: string;
  nick: string;
  /** JSON text of the saved permission value (1 §3). */
  userop: string;
  /** JSON text of extended permissions (sub-admins). */
  useropex: string;
  created_at: number;
  updated_at: number;
}

/** How many identities an organisation has in a role, kept by triggers (migration 0005). */
export interface IdentityCountTable {
  org_id: number;
  role: Role;
  n: number;
}

/** Rows per organisation of each engine table, kept by triggers (migration 0015). */
export interface EngineCountTable {
  org_id: number;
  table_name: string;
  n: number;
}

export interface SessionTable {
  /** sha256 of the cookie token: a database leak does not leak live sessions. */
  id: string;
  person_id: number;
  identity_id: number | null;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  mobile: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface CaptchaTable {
  id: Generated<number>;
  mobile: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface LoginGuardTable {
  mobile: string;
  need_captcha: number;
  /** Tries reserved since the last success or lock, counted before the password is checked (migration 0006). */
  failures: number;
  /** Until when a long run of wrong passwords locks the account; 0: not locked (migration 0006). */
  locked_until: Generated<number>;
  updated_at: number;
}

/** Wrong passwords from one address across accounts in the current window (migration 0006). */
export interface LoginIpFailureTable {
  ip: string;
  failures: number;
  window_started_at: number;
  updated_at: number;
}

/** A course of an organisation (1 §3). `status` 1 valid, 0 invalid; a course past `expire` shows as invalid. */
export interface CourseTable {
  id: Generated<number>;
  org_id: number;
  title: string;
  /** Course type code (resources/course.ts). */
  type: number;
  max_user_num: number;
  expire: number;
  headimg: string;
  detail: string;
  status: number;
  /** Name of the admin who created it, as it was then. */
  create_user: string;
  created_at: number;
  updated_at: number;
}

/** A student (identity) enrolled in a course. */
export interface CourseStudentTable {
  course_id: number;
  identity_id: number;
  created_at: number;
}

/** A live session of a course (2 §3). `status` 0 not started, 1 in progress, 2 ended. */
export interface LiveTable {
  id: Generated<number>;
  org_id: number;
  course_id: number;
  title: string;
  begin_time: number;
  end_time: number;
  status: number;
  /** Live type / class scale code (1 §9). */
  scale: number;
  /** 1 once voided (one-way); a voided live counts nowhere. */
  voided: number;
  detail: string;
  master_id: number;
  created_at: number;
  updated_at: number;
  /** An opaque room id, set when the live is created (migration 0016). */
  encrypt_room_id: Generated<string>;
  /** JSON text of the live config, every value text (2 §3; resources/live-config.ts). */
  config: Generated<string>;
  /** The simulated-live template it plays; 0 for none. */
  emulate_id: Generated<number>;
  /** A double-teacher sub-class's name, at most 4 characters. */
  sub_class_name: Generated<string>;
  /** The audience base added to the room's head count (0 to 10,000,000). */
  init_num: Generated<number>;
  /** JSON text of courseware chosen from the cloud disk; '' for none. */
  cloud_disk_files: Generated<string>;
  /** The no-verification share link's guid; null until first asked for, then stable. */
  share_guid: string | null;
  /** The replay share link's guid; null until first asked for, then stable. */
  replay_guid: string | null;
}

/** A student allowed into a live (migration 0016). */
export interface LiveStudentTable {
  org_id: number;
  live_id: number;
  identity_id: number;
  created_at: number;
}

/** An organisation's live defaults and liveConfigPermissions: JSON text (3 §3, migration 0016). */
export interface GroupConfigTable {
  org_id: number;
  config: string;
  updated_at: number;
}

/** A simulated-live template (2 §2 /fzLiveTemplate, migration 0016); teachers and assistants are JSON text lists. */
export interface EmulateTemplateTable {
  id: Generated<number>;
  org_id: number;
  title: string;
  live_type: number;
  begin_time: number;
  end_time: number;
  detail: Generated<string>;
  teachers: Generated<string>;
  assistants: Generated<string>;
  voided: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** How viewers of a shared live are verified (2 §3 validator settings, migration 0016). */
export interface LiveValidatorTable {
  live_id: number;
  org_id: number;
  /** 1 no password, 2 whitelist, 3 single password. */
  check_type: number;
  password: Generated<string>;
  logo_url: Generated<string>;
  poster: Generated<string>;
  /** The introduction's HTML, sanitised by the server before it is stored. */
  descr: Generated<string>;
  /** JSON text {isRecord, data}. */
  extra: Generated<string>;
  updated_at: number;
}

/** One whitelist entry of a live (migration 0016); a password is unique within its live. */
export interface LiveWhitelistTable {
  id: Generated<number>;
  org_id: number;
  live_id: number;
  username: string;
  password: string;
  created_at: number;
}

/** A recording of a live (migration 0016): the playback room plays it, the portal offers 观看回放. */
export interface LiveRecordingTable {
  id: Generated<number>;
  org_id: number;
  live_id: number;
  name: string;
  url: string;
  duration_seconds: Generated<number>;
  size_bytes: Generated<number>;
  created_at: number;
}

/** Stored bytes of the cloud disk (migration 0019); see the migration for the states. */
export interface CloudObjectTable {
  id: Generated<number>;
  org_id: number;
  guid: string;
  owner_id: number;
  ext: string;
  bytes: Generated<number>;
  md5: Generated<string>;
  name: Generated<string>;
  /** 0 uploading, 1 ready, 2 failed. */
  state: Generated<number>;
  /** 0 not needed, 1 waiting, 2 converting, 3 done, 4 failed, 5 no converter. */
  preview_state: Generated<number>;
  preview_name: Generated<string>;
  preview_claimed_at: number | null;
  preview_tries: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A folder or file of a cloud disk (migration 0019); owner 0 is the organisation's disk. */
export interface CloudFileTable {
  id: Generated<number>;
  org_id: number;
  owner_id: Generated<number>;
  parent_id: Generated<number>;
  /** The ancestors' ids: '/', '/12/', '/12/40/'. */
  path: Generated<string>;
  /** 0 folder, 1 file. */
  file_type: number;
  name: string;
  ext_name: Generated<string>;
  object_id: number | null;
  /** '' or the kind of a system folder (bgvideo, bgdoc, corpus), hidden from listings. */
  system: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** How many items, and folders, each folder of a disk shows; kept by triggers (migration 0019). */
export interface CloudFolderCountTable {
  org_id: number;
  owner_id: number;
  parent_id: number;
  n: number;
  folders: number;
}

/** A teacher or assistant (identity) of a live; `position` orders each role's list. */
export interface LiveStaffTable {
  live_id: number;
  identity_id: number;
  role: "teacher" | "assistant";
  position: number;
}

/** One person's listening of one live, live (play_type 1) or replay (2). */
export interface AttendanceTable {
  id: Generated<number>;
  live_id: number;
  identity_id: number;
  play_type: number;
  online_seconds: number;
  check_state: "do" | "late" | "leaveearly" | "undo";
  joined_at: number;
}

/** A per-minute sample of people online (live rooms or replays) in one organisation (migration 0004). */
export interface ConcurrencyTable {
  org_id: number;
  /** Epoch ms of the sample's minute. */
  ts: number;
  usernum: number;
}

/** A vod bandwidth sample (every 5 minutes), Mbps. */
export interface VodBandwidthTable {
  org_id: number;
  ts: number;
  mbps: number;
}

/** Vod traffic delivered on a local calendar day ('YYYY-MM-DD'), bytes. */
export interface VodTrafficTable {
  org_id: number;
  day: string;
  bytes: number;
}

/** Bytes stored at the end of a day, per kind (resources/stats.ts storageKinds). */
export interface StorageDailyTable {
  org_id: number;
  day: string;
  kind: string;
  bytes: number;
}

/** What one organisation consumed of one billed item on one day, in the unit of resources/stats.ts consumeUnits. */
export interface DailyConsumptionTable {
  org_id: number;
  day: string;
  type: string;
  value: number;
  cost_milli: number;
}

/** Visitors and views of one day: the whole site, and the vod pages. */
export interface PageViewsTable {
  org_id: number;
  day: string;
  uv: number;
  pv: number;
  vod_uv: number;
  vod_pv: number;
}

/** The dashboard modules an organisation chose: JSON text of module numbers. */
export interface BoardConfigTable {
  org_id: number;
  modules: string;
  updated_at: number;
}

/** A stored upload, counted against its organisation's quota and rate (migration 0008). */
export interface UploadTable {
  id: Generated<number>;
  org_id: number;
  /** The name the storage adapter gave it. */
  name: string;
  bytes: number;
  created_at: number;
}

/** An admin message (2 §3, migration 0010). */
export interface AdminMessageTable {
  id: Generated<number>;
  org_id: number;
  msg: string;
  /** The author's name as it was then. */
  create_user: string;
  created_at: number;
  updated_at: number;
}

/** A product template (2 §3, migration 0011): `product` is JSON text; `name` and `product_key` copy its productname and productid. */
export interface ProductTemplateTable {
  id: Generated<number>;
  org_id: number;
  product: string;
  name: string;
  product_key: string;
  created_at: number;
  updated_at: number;
}

/** An ad template (3 §3, migration 0012): `ad` is JSON text; `name` and `ad_key` copy its productname and productid. */
export interface AdTemplateTable {
  id: Generated<number>;
  org_id: number;
  ad: string;
  name: string;
  ad_key: string;
  created_at: number;
  updated_at: number;
}

/** One write, who made it and what changed (migration 0013; server/engine/audit.ts). */
export interface AuditLogTable {
  id: Generated<number>;
  org_id: number;
  actor_id: number;
  actor_name: string;
  /** The resource's name (resources/<name>.ts). */
  resource: string;
  record_id: number;
  action: "create" | "update" | "remove";
  /** JSON text `{"before": {...}, "after": {...}}` of the changed fields, by wire name. */
  diff: string;
  created_at: number;
}

/** An exam paper of an organisation (3 §3, migration 0014). */
export interface ExamPaperTable {
  id: Generated<number>;
  org_id: number;
  title: string;
  created_at: number;
  last_modified: number;
}

/** A paper bound to a live (3 §2.5, migration 0014); one row per (live, paper). */
export interface LivePaperTable {
  org_id: number;
  live_id: number;
  paper_id: number;
  created_at: number;
}

/** A portal identity's secret calendar address (migration 0017): only its sha256 is kept. */
export interface CalendarFeedTable {
  identity_id: number;
  org_id: number;
  secret_hash: string;
  created_at: number;
}

/** A recharge order (3 §7.3, migration 0017): money in thousandths of a yuan. */
export interface RechargeOrderTable {
  id: Generated<number>;
  org_id: number;
  trade_no: string;
  fee_milli: number;
  /** wechatpay, alipay or bank. */
  way: string;
  status: Generated<"pending" | "paid" | "failed">;
  created_at: number;
  paid_at: number | null;
}

/** One connection to a live room: the viewer log of 2 §3 (migration 0020). `left_at` null while open. */
export interface RoomVisitTable {
  id: Generated<number>;
  org_id: number;
  live_id: number;
  /** null for a share-link viewer. */
  identity_id: number | null;
  /** The person: "i<identity>", "w<whitelist entry>" or "a<random>". */
  viewer_key: string;
  username: string;
  role: string;
  /** 1 live, 2 replay. */
  play_type: number;
  /** pc or h5. */
  device: string;
  ip: Generated<string>;
  exparam: Generated<string>;
  /** The server process holding the connection. */
  node: string;
  conn: string;
  entered_at: number;
  left_at: number | null;
  /** The holding process's last sign of life for it. */
  seen_at: number;
  duration_seconds: Generated<number>;
}

/** A chat message of a live room (2 §3, migration 0020); `review` 0, 1 or -1 (2 §4). */
export interface RoomChatTable {
  id: Generated<number>;
  org_id: number;
  live_id: number;
  identity_id: number | null;
  viewer_key: string;
  name: string;
  role: string;
  /** JSON text {content: {txt}, type: 1}. */
  msg: string;
  review: number;
  /** 1: shown only to its author and the staff until approved. */
  held: number;
  created_at: number;
}

/** Answers of a shared live's registration form (migration 0020); JSON text [{name, value}]. */
export interface RoomRegistrationTable {
  id: Generated<number>;
  org_id: number;
  live_id: number;
  viewer_key: string;
  answers: string;
  created_at: number;
}

/** Wrong answers to a share link's verification from one address (migration 0020). */
export interface RoomShareTryTable {
  live_id: number;
  ip: string;
  failures: number;
  window_started_at: number;
}

/** Viewer tokens a share link gave one address for one live, in a window (migration 0023). */
export interface RoomGuestPassTable {
  live_id: number;
  ip: string;
  issued: number;
  window_started_at: number;
}

/** A declared rate limit's window for one subject (migration 0024). */
export interface RateCounterTable {
  key: string;
  hits: number;
  window_started_at: number;
}

/** A periodic job's turn, held by one process until `until` (migration 0024). */
export interface JobLeaseTable {
  name: string;
  holder: string;
  until: number;
}

/** A live whose end has been processed by the closing job (migration 0020). */
export interface LiveClosingTable {
  live_id: number;
  closed_at: number;
}

/** A room event too large for a NOTIFY payload, relayed by id (migration 0020). */
export interface RoomRelayTable {
  id: Generated<number>;
  payload: string;
  created_at: number;
}

export interface Database {
  persons: PersonTable;
  organisations: OrganisationTable;
  identities: IdentityTable;
  identity_counts: IdentityCountTable;
  sessions: SessionTable;
  sms_codes: SmsCodeTable;
  captchas: CaptchaTable;
  login_guards: LoginGuardTable;
  login_ip_failures: LoginIpFailureTable;
  courses: CourseTable;
  course_students: CourseStudentTable;
  lives: LiveTable;
  live_staff: LiveStaffTable;
  attendance: AttendanceTable;
  live_concurrency: ConcurrencyTable;
  replay_concurrency: ConcurrencyTable;
  vod_bandwidth: VodBandwidthTable;
  vod_traffic: VodTrafficTable;
  storage_daily: StorageDailyTable;
  daily_consumption: DailyConsumptionTable;
  page_views: PageViewsTable;
  board_config: BoardConfigTable;
  uploads: UploadTable;
  admin_messages: AdminMessageTable;
  product_templates: ProductTemplateTable;
  ad_templates: AdTemplateTable;
  audit_log: AuditLogTable;
  exam_papers: ExamPaperTable;
  live_papers: LivePaperTable;
  engine_counts: EngineCountTable;
  live_students: LiveStudentTable;
  group_configs: GroupConfigTable;
  emulate_templates: EmulateTemplateTable;
  live_validators: LiveValidatorTable;
  live_whitelist: LiveWhitelistTable;
  live_recordings: LiveRecordingTable;
  calendar_feeds: CalendarFeedTable;
  recharge_orders: RechargeOrderTable;
  cloud_objects: CloudObjectTable;
  cloud_files: CloudFileTable;
  cloud_folder_counts: CloudFolderCountTable;
  room_visits: RoomVisitTable;
  room_chats: RoomChatTable;
  room_registrations: RoomRegistrationTable;
  room_share_tries: RoomShareTryTable;
  room_guest_passes: RoomGuestPassTable;
  live_closings: LiveClosingTable;
  room_relay: RoomRelayTable;
  rate_counters: RateCounterTable;
  job_leases: JobLeaseTable;
}
