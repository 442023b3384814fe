import { signInRoutes } from "../../resources/auth/routes";
import { ConfigProvider } from "antd";
import { lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { PageLoading } from "../components/page-loading";
import { antdConfig } from "../lib/antd-config";
import { DocumentTitle } from "./document-title";

// The sign-in pages use antd and axios only; Refine and everything heavy sits behind
// the console chunk so /login stays light (docs/stack-notes.md, bundle weight).
const LoginPage = lazy(() => import("../features/auth/login-page").then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import("../features/auth/register-page").then((m) => ({ default: m.RegisterPage })));
const ForgetPasswordPage = lazy(() =>
  import("../features/auth/forget-password-page").then((m) => ({ default: m.ForgetPasswordPage })),
);
const IdentityPage = lazy(() => import("../features/auth/identity-page").then((m) => ({ default: m.IdentityPage })));
// The built-in live room (and share links' page): no console, no session, a chunk of its own.
const RoomSite = lazy(() => import("../features/rooms/site/room-site").then((m) => ({ default: m.RoomSite })));
const ConsoleApp = lazy(() => import("./console-app").then((m) => ({ default: m.ConsoleApp })));
// While the console's code loads, a signed-in admin already sees the shell's frame (issue 9,
// Performance): a small chunk of its own, fetched beside the console's.
const EarlyShell = lazy(() => import("../shells/early-shell").then((m) => ({ default: m.EarlyShell })));

export function App() {
  return (
    <ConfigProvider {...antdConfig}>
      <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <DocumentTitle />
        <Suspense fallback={<PageLoading fullScreen />}>
          <Routes>
            <Route path={signInRoutes.login.route} element={<LoginPage />} />
            <Route path={signInRoutes.register.route} element={<RegisterPage />} />
            <Route path={signInRoutes.forgetPassword.route} element={<ForgetPasswordPage />} />
            <Route path={signInRoutes.identity.route} element={<IdentityPage />} />
            <Route path="/room/*" element={<RoomSite />} />
            <Route
              path="/*"
              element={
                <Suspense fallback={<Suspense fallback={<PageLoading fullScreen />}><EarlyShell /></Suspense>}>
                  <ConsoleApp />
                </Suspense>
              }
            />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </ConfigProvider>
  );
}
