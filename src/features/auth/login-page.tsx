import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { homeOf } from "../../../resources/auth/auth";
import { sessionStore } from "../../../providers/session-store";
import { LightTabs } from "../../components/light-tabs";
import { PublicCard } from "../../components/public-card";
import { PublicLayout } from "../../components/public-layout";
import { PasswordLoginForm } from "./password-login-form";
import { QuickLoginForm } from "./quick-login-form";
import { signInRoutes } from "../../../resources/auth/routes";

export function LoginPage() {
  const navigate = useNavigate();
  const skipAutoLogin = !!(useLocation().state as { skipAutoLogin?: boolean } | null)?.skipAutoLogin;
  const initialMobile = sessionStore.get().phone;

  // Auto-login (1 §4): a live session skips the form, unless the console sent us back here.
  useEffect(() => {
    if (skipAutoLogin) return;
    let live = true;
    void sessionStore.check({ fresh: true }).then(({ signedIn, type }) => {
      if (!live) return;
      if (type) navigate(homeOf[type], { replace: true });
      else if (signedIn) navigate(signInRoutes.identity.route, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, skipAutoLogin]);

  const signedIn = (mobile: string) => {
    sessionStore.set({ phone: mobile });
    // A new session: whatever the store kept of an earlier one is asked again.
    sessionStore.recheck();
    navigate(signInRoutes.identity.route);
  };

  return (
    <PublicLayout>
      <PublicCard>
        <LightTabs
          id="login"
          defaultKey="password"
          items={[
            { key: "password", label: "账号密码登录", children: <PasswordLoginForm initialMobile={initialMobile} onSignedIn={signedIn} /> },
            { key: "quick", label: "手机快捷登录", children: <QuickLoginForm initialMobile={initialMobile} onSignedIn={signedIn} /> },
          ]}
        />
        <div style={{ display: "flex", justifyContent: "space-between", marginTop: 16 }}>
          <Link to={signInRoutes.forgetPassword.route}>忘记密码</Link>
          <Link to={signInRoutes.register.route}>{signInRoutes.register.title}</Link>
        </div>
      </PublicCard>
    </PublicLayout>
  );
}
