/** The server's answers the foundation stories are built from, as mock routes (stories/mock-api.ts). */
import { authApi, type IdentityType } from "../../resources/auth/auth";
import { portalCloudDisk, type PortalRole } from "../../resources/kernel/menu";
import type { UserInfo } from "../../providers/session-store";
import type { ServerMenu } from "../../src/lib/server-menu";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";
import { assistantInfo, mainAdminMenu, me, orgNames, session, studentInfo, teacherInfo } from "./fixtures";

/** What the server answers a visitor without a session (HTTP 401 with the envelope). */
export const noSession = failEnvelope(401, "未授权，请登录");

/** The sign-in pages: nobody is signed in, and codes can be sent. */
export const signedOut: MockRoutes = [
  [authApi.tryLogin, noSession],
  [authApi.loginCode, okEnvelope()],
  [authApi.registerCode, okEnvelope()],
  [authApi.retrieveCode, okEnvelope()],
];

/** A signed-in person about to choose an identity. */
export const choosingIdentity = (list: object): MockRoutes => [
  [authApi.tryLogin, session(null)],
  [authApi.identities, list],
  [authApi.selectIdentity, ({ body }) => okEnvelope({ type: body.type }, { type: body.type })],
];

interface AdminOptions {
  orgName?: string;
  menu?: ServerMenu;
  /** Yuan; null makes the balance call fail, as when the account service is down. */
  balance?: number | null;
  info?: UserInfo;
}

/** An admin (main or sub) inside the console. */
export const signedInAdmin = ({ orgName = orgNames.short, menu = mainAdminMenu, balance = 12345.678, info = me }: AdminOptions = {}): MockRoutes => [
  [authApi.tryLogin, session("admin")],
  [authApi.menu, okEnvelope(menu)],
  [authApi.enterpriseName, okEnvelope({ name: orgName })],
  [authApi.balance, balance === null ? failEnvelope(500, "账户服务暂不可用") : okEnvelope({ balance })],
  [authApi.userInfo, okEnvelope({ ...info, group: { id: 1, name: orgName } })],
  [authApi.ownSmsCode, okEnvelope()],
  [authApi.logout, okEnvelope()],
];

const portalInfo: Record<PortalRole | "student", UserInfo> = { teacher: teacherInfo, assistant: assistantInfo, student: studentInfo };

/** A teacher, assistant or student in their portal; `cloudDisk` lists the disks the server grants. */
export const signedInPortal = (
  role: Exclude<IdentityType, "admin">,
  { cloudDisk = [] as ("org" | "personal")[], info = portalInfo[role] } = {},
): MockRoutes => [
  [authApi.tryLogin, session(role)],
  [authApi.menu, okEnvelope({ groups: [], keys: role === "student" ? [] : cloudDisk.map((disk) => portalCloudDisk[role][disk]) })],
  [authApi.userInfo, okEnvelope(info)],
  [authApi.logout, okEnvelope()],
];
