import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Layout } from "antd";
import { useLocation, useNavigate } from "react-router-dom";
import { routeTitle } from "../app/route-titles";
import { AvatarMenu } from "./avatar-menu";
import { BalanceLink } from "./balance-link";
import { topBarStyle } from "./shell-frame";

const adminLinks = [
  { path: "/", label: "首页" },
  { path: "/changepwd", label: "修改密码" },
];

/** The return button shows on pages reached from within a page, not from the sidebar. */
export function AdminHeader({ menuPaths }: { menuPaths: Set<string> }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showBack = pathname !== "/" && !menuPaths.has(pathname);

  return (
    <Layout.Header style={topBarStyle}>
      {showBack && (
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label="返回">
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
