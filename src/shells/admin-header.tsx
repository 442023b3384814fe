import { ArrowLeftOutlined } from "../components/icons";
import { Button, Layout } from "antd";
import { useContext } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { changePasswordForm } from "../../resources/auth/forms";
import { adminOwnRoutes } from "../../resources/auth/routes";
import { mainAdminOnlyItems, permissionGroups } from "../../resources/kernel/menu";
import { routeTitle } from "../app/route-titles";
import { ShellBackContext } from "../lib/shell-back";
import { AvatarMenu } from "./avatar-menu";
import { BalanceLink } from "./balance-link";
import { topBarStyle } from "./shell-frame";

const adminLinks = [adminOwnRoutes.home, changePasswordForm].map(({ route, title }) => ({ path: route, label: title }));

// Every page the server's menu can list, whoever is signed in: until this admin's menu is in,
// only a page outside all of them is known to be reached from within another.
const declaredMenuPaths = new Set([...permissionGroups.flatMap((group) => group.items), ...mainAdminOnlyItems].map((item) => `/${item.key}`));

/**
 * The return button shows on pages reached from within a page, not from the sidebar (`menuPaths`
 * are the sidebar's pages, null while the menu loads), and on a page that asks for it
 * (src/lib/shell-back.ts), doing what that page says.
 */
export function AdminHeader({ menuPaths }: { menuPaths: Set<string> | null }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pageBack = useContext(ShellBackContext)?.back ?? null;
  const showBack = pageBack !== null || (pathname !== "/" && !(menuPaths ?? declaredMenuPaths).has(pathname));

  return (
    <Layout.Header style={topBarStyle}>
      {showBack && (
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={pageBack ?? (() => navigate(-1))} aria-label="返回">
          返回
        </Button>
      )}
      <span style={{ fontSize: 16, fontWeight: 600 }}>{routeTitle(pathname)}</span>
      <div style={{ marginLeft: "auto", display: "flex", alignItems: "center", gap: 24 }}>
        <BalanceLink />
        <AvatarMenu links={adminLinks} />
      </div>
    </Layout.Header>
  );
}
