import type { RouteDecl } from "../kernel/route";

/** The public sign-in pages (1 §2.1) and the admin's home; the password change is a declared form (resources/auth/forms.ts). */
export const signInRoutes = {
  login: { route: "/login", title: "登录", shell: "public" },
  register: { route: "/register", title: "注册账号", shell: "public" },
  forgetPassword: { route: "/forget-password", title: "找回密码", shell: "public" },
  identity: { route: "/identity", title: "选择身份", shell: "public" },
} as const satisfies Record<string, RouteDecl>;

export const adminOwnRoutes = {
  home: { route: "/", title: "首页", shell: "admin" },
} as const satisfies Record<string, RouteDecl>;
