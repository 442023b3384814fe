import { Menu, message } from "antd";
import { useEffect, useMemo } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { routeMenuKeys } from "../../resources/kernel/route-access";
import { AccessGate } from "../engine/access-gate";
import { useServerMenu } from "../lib/server-menu";
import { ShellBackContext, useShellBackState } from "../lib/shell-back";
import { whenQuiet } from "../lib/when-idle";
import { AdminHeader } from "./admin-header";
import { CommandPaletteLauncher } from "./command-palette-launcher";
import { OrgTitle } from "./org-title";
import { MenuPlaceholder, ShellFrame, ShellPlaceholder } from "./shell-frame";
import { useSessionGuard } from "./use-session-guard";
import { signInRoutes } from "../../resources/auth/routes";

/**
 * The admin console at / (1 §2.2): server menu on the left, routed content on the right.
 * `preload` fetches code most of the console's screens need, once the menu is shown, the page's
 * requests are done and the browser is idle.
 */
export function AdminShell({ preload }: { preload?: () => Promise<unknown> }) {
  const allowed = useSessionGuard("admin");
  const { pathname } = useLocation();
  // The frame, not a spinner, while the session is checked: the console's outline paints first.
  return allowed ? <AdminLayout preload={preload} /> : <ShellPlaceholder pathname={pathname} />;
}

function AdminLayout({ preload }: { preload?: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The menu asked right behind the page load's session check (providers/session-store.ts).
  const menuState = useServerMenu();
  const menu = menuState.status === "ready" ? menuState.menu : null;
  const menuFailed = menuState.status === "failed";

  useEffect(() => {
    if (!menuFailed) return;
    message.error("菜单加载失败，请重新登录");
    // Without this the login page would auto-enter the console again and loop.
    navigate(signInRoutes.login.route, { replace: true, state: { skipAutoLogin: true } });
  }, [menuFailed, navigate]);

  const menuShown = menu !== null;
  useEffect(() => {
    if (!menuShown || !preload) return;
    // A failed fetch costs nothing: the screen loads its code again when it is opened.
    return whenQuiet(() => void preload().catch(() => undefined));
  }, [menuShown, preload]);

  const menuPaths = useMemo(() => (menu ? new Set(menu.groups.flatMap((group) => group.items.map((item) => item.path))) : null), [menu]);
  // Built once per menu, not on every route change: the sidebar's items stay the same objects.
  const menuItems = useMemo(
    () =>
      menu?.groups.map((group) => ({
        key: group.key,
        label: group.label,
        children: group.items.map((item) => ({ key: item.path, label: item.label })),
      })),
    [menu],
  );
  const selectedKeys = useMemo(() => [pathname], [pathname]);
  const openGroup = menu?.groups.find((group) => group.items.some((item) => item.path === pathname))?.key;
  // Every route outside this admin's grant says so, built or not, before its screen asks the server anything.
  const routeKeys = routeMenuKeys(pathname);
  const shellBack = useShellBackState();

  return (
    <ShellBackContext.Provider value={shellBack}>
      <ShellFrame
        sider={
          <>
            <OrgTitle />
            {menu ? (
              <Menu
                theme="dark"
                mode="inline"
                selectedKeys={selectedKeys}
                defaultOpenKeys={openGroup ? [openGroup] : []}
                items={menuItems}
                onClick={({ key }) => navigate(key)}
              />
            ) : (
              <MenuPlaceholder />
            )}
          </>
        }
        header={
          <>
            <AdminHeader menuPaths={menuPaths} />
            <CommandPaletteLauncher menu={menu} />
          </>
        }
      >
        {routeKeys ? (
          <AccessGate menuKey={routeKeys}>
            <Outlet />
          </AccessGate>
        ) : (
          <Outlet />
        )}
      </ShellFrame>
    </ShellBackContext.Provider>
  );
}
