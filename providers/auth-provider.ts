import type { AuthProvider } from "@refinedev/core";
import { authApi, loginCodes, userTypeOf } from "../resources/auth/auth";
import { call, errorText, request } from "./http";
import { sessionStore, type UserInfo } from "./session-store";

export const authProvider: AuthProvider = {
  async login({ mobile, passwd, authcode = "" }: { mobile: string; passwd: string; authcode?: string }) {
    try {
      const envelope = await request(authApi.passwordLogin, { mobile, passwd, authcode });
      if (envelope.code === loginCodes.ok) {
        sessionStore.set({ phone: mobile });
        sessionStore.recheck();
        return { success: true, redirectTo: "/identity" };
      }
      const text = envelope.code === loginCodes.tooMany ? envelope.msg : envelope.code === loginCodes.wrongCaptcha ? "验证码错误" : "用户名或密码错误";
      return { success: false, code: envelope.code, error: { name: "LoginError", message: text } };
    } catch (error) {
      return { success: false, error: { name: "LoginError", message: errorText(error) } };
    }
  },

  async logout() {
    await sessionStore.end();
    return { success: true, redirectTo: "/login" };
  },

  async check() {
    const { type } = await sessionStore.check({ fresh: true });
    if (type) return { authenticated: true };
    return { authenticated: false, logout: true, redirectTo: "/login" };
  },

  async onError(error: { statusCode?: number }) {
    if (error?.statusCode === 401) return { logout: true, redirectTo: "/login", error: error as Error };
    return {};
  },

  /** The session's identity type: it decides which shell a visitor belongs in. */
  async getPermissions() {
    return (await sessionStore.check()).type;
  },

  async getIdentity() {
    const info = await call<UserInfo>(authApi.userInfo);
    sessionStore.set(sessionStore.get().userType === userTypeOf.admin ? { userInfo: info, adminInfo: info } : { userInfo: info });
    return info;
  },
};
