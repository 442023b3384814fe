import { Result } from "antd";
import { Route, Routes, useLocation } from "react-router-dom";
import { AdminHomePage } from "../../src/features/platform/admin-home-page";
import { changePasswordForm } from "../../resources/auth/forms";
import { FormPage } from "../../src/engine/form-page";
import { ConsoleRefine } from "../../src/app/console-app";
import { ConsoleRoutes } from "../../src/app/console-routes";
import { ForgetPasswordPage } from "../../src/features/auth/forget-password-page";
import { IdentityPage } from "../../src/features/auth/identity-page";
import { LoginPage } from "../../src/features/auth/login-page";
import { RegisterPage } from "../../src/features/auth/register-page";
import { leftAppPath } from "./page-location";


/** What the visitor would see after the providers sent the whole page elsewhere (the application page). */
function LeftApp() {
  const url = (useLocation().state as { url?: string } | null)?.url ?? "";
  return <Result status="info" title="已离开控制台" subTitle={`浏览器将打开 ${url}`} />;
}

/** Light stand-ins for the admin screens other areas register, so shell stories stay about the shell. */
const foundationPages = { "/": <AdminHomePage />, [changePasswordForm.route]: <FormPage decl={changePasswordForm} /> };

/**
 * The foundation screens routed by the app's own ConsoleRoutes, but with light stand-ins for
 * the admin pages other areas register: a dashboard or list arriving at one
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
          <ConsoleRefine>
            <ConsoleRoutes pages={foundationPages} />
          </ConsoleRefine>
        }
      />
    </Routes>
  );
}
