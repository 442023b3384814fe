import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router-v6";
import { Result } from "antd";
import type { ReactNode } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { resources } from "../../resources";
import { homeOf } from "../../resources/auth";
import { authProvider } from "../../providers/auth-provider";
import { createDataProvider } from "../../providers/data-provider";
import { routeTitles } from "../../src/app/route-titles";
import { NotFoundPage } from "../../src/components/not-found-page";
import { PendingPage } from "../../src/components/pending-page";
import { AdminHomePage } from "../../src/pages/admin/admin-home-page";
import { ChangePasswordPage } from "../../src/pages/admin/change-password-page";
import { UserInfoPage } from "../../src/pages/portal/user-info-page";
import { ForgetPasswordPage } from "../../src/pages/public/forget-password-page";
import { IdentityPage } from "../../src/pages/public/identity-page";
import { LoginPage } from "../../src/pages/public/login-page";
import { RegisterPage } from "../../src/pages/public/register-page";
import { AdminShell } from "../../src/shells/admin-shell";
import { PortalShell, type PortalIdentity } from "../../src/shells/portal-shell";
import { RoomShell } from "../../src/shells/room-shell";
import { leftAppPath } from "./page-location";

const dataProvider = createDataProvider({ resources: Object.fromEntries(resources.map((resource) => [resource.name, resource.api])) });

/** Refine as src/app/console-app.tsx sets it up: the real providers, no telemetry, no retries. */
function ConsoleFrame({ children }: { children: ReactNode }) {
  return (
    <Refine
      routerProvider={routerProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      {children}
    </Refine>
  );
}

/** What the visitor would see after the providers sent the whole page elsewhere (the application page). */
function LeftApp() {
  const url = (useLocation().state as { url?: string } | null)?.url ?? "";
  return <Result status="info" title="已离开控制台" subTitle={`浏览器将打开 ${url}`} />;
}

const portalRoles: PortalIdentity[] = ["teacher", "assistant", "student"];
const portalBases = portalRoles.map((role) => homeOf[role]);
const publicPaths = ["/login", "/register", "/forget-password", "/identity"];
const roomPaths = ["/stuLiveRoom", "/stuMiniLiveRoom", "/assistantLiveRoom", "/assistantMiniLiveRoom", "/teaLiveRoom", "/playbackRoom", "/payresult"];
const adminPaths = Object.keys(routeTitles).filter(
  (path) =>
    !["/", "/changepwd", ...publicPaths, ...roomPaths].includes(path) &&
    !portalBases.some((base) => path === base || path.startsWith(`${base}/`)),
);

function portalRoutes(role: PortalIdentity) {
  const base = homeOf[role];
  const children = Object.keys(routeTitles)
    .filter((path) => path.startsWith(`${base}/`))
    .map((path) => path.slice(base.length + 1));
  return (
    <Route key={role} path={base} element={<PortalShell role={role} />}>
      <Route index element={<PendingPage />} />
      {children.map((child) => (
        <Route key={child} path={child} element={child === "userinfo" ? <UserInfoPage /> : <PendingPage />} />
      ))}
      <Route path="*" element={<NotFoundPage home={base} />} />
    </Route>
  );
}

/**
 * The foundation screens routed the way src/app/app.tsx and console-routes.tsx route them,
 * but without the admin pages other areas register: a dashboard or list arriving at one
 * of these paths must not change what the shell and page stories show. Every story renders
 * this tree; its `initialEntries` parameter picks the screen, and links move between them.
 */
export function FoundationScreens() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/forget-password" element={<ForgetPasswordPage />} />
      <Route path="/identity" element={<IdentityPage />} />
      <Route path={leftAppPath} element={<LeftApp />} />
      <Route
        path="/*"
        element={
          <ConsoleFrame>
            <Routes>
              {portalRoles.map(portalRoutes)}
              <Route element={<RoomShell />}>
                {roomPaths.map((path) => (
                  <Route key={path} path={path} element={<PendingPage />} />
                ))}
              </Route>
              <Route element={<AdminShell />}>
                <Route index element={<AdminHomePage />} />
                <Route path="/changepwd" element={<ChangePasswordPage />} />
                {adminPaths.map((path) => (
                  <Route key={path} path={path} element={<PendingPage />} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </ConsoleFrame>
        }
      />
    </Routes>
  );
}
