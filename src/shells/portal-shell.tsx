import { useGetIdentity } from "@refinedev/core";
import { Button, Drawer, Layout, Menu } from "antd";
import { useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router-dom";
import { homeOf } from "../../resources/auth/auth";
import { portalCloudDisk } from "../../resources/kernel/menu";
import { useSession, type UserInfo } from "../../providers/session-store";
import { portalChildren } from "../../resources/portal/routes";
import { routeTitle } from "../app/route-titles";
import { MenuOutlined } from "../components/icons";
import { PageLoading } from "../components/page-loading";
import { Wordmark } from "../components/wordmark";
import { useServerMenu } from "../lib/server-menu";
import { usePhoneLayout } from "../lib/use-phone-layout";
import { AvatarMenu } from "./avatar-menu";
import { useSessionGuard } from "./use-session-guard";

export type PortalIdentity = "teacher" | "assistant" | "student";

/** The teacher, assistant and student areas (1 §2.2). */
export function PortalShell({ role }: { role: PortalIdentity }) {
  const allowed = useSessionGuard(role);
  return allowed ? <PortalLayout role={role} /> : <PageLoading fullScreen />;
}

/** A menu entry: the route and its declared title. */
const pageEntry = (route: string) => ({ key: route, label: routeTitle(route) });

/** Cloud-disk entries appear only for the keys the server's menu grants. */
function useCloudDiskEntries(role: PortalIdentity, base: string) {
  const menu = useServerMenu({ enabled: role !== "student" });
  // A menu that cannot be read offers no cloud disk; the server refuses it anyway.
  const keys = menu.status === "ready" ? menu.menu.keys : [];
  if (role === "student") return [];
  const disk = portalCloudDisk[role];
  return [
    ...[disk.org, disk.personal].filter((key) => keys.includes(key)).map((key) => pageEntry(`${base}/${key}`)),
  ];
}

function PortalLayout({ role }: { role: PortalIdentity }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = homeOf[role];
  const { data: me } = useGetIdentity<UserInfo>();
  // The identity chosen in this tab, else (after a reload) the organisation the server reports.
  const groupName = useSession((state) => state.identityInfo?.name) ?? me?.group?.name;
  const cloudDisk = useCloudDiskEntries(role, base);
  const phone = usePhoneLayout();
  const [drawer, setDrawer] = useState(false);
  const items = [
    ...portalChildren.filter(({ inMenu }) => inMenu).map(({ child }) => pageEntry(child ? `${base}/${child}` : base)),
    ...cloudDisk,
  ];
  const menu = (
    <Menu
      mode="inline"
      style={{ borderInlineEnd: "none" }}
      selectedKeys={[pathname.replace(/\/+$/, "")]}
      items={items}
      onClick={({ key }) => {
        setDrawer(false);
        navigate(key);
      }}
    />
  );
  const account = (
    <AvatarMenu
      links={[
        { path: base, label: "首页" },
        { path: `${base}/userinfo`, label: routeTitle(`${base}/userinfo`) ?? "" },
      ]}
    />
  );

  // A phone (issue 16 item 3.22): the menu in a drawer opened from the top bar, the content the whole width.
  if (phone) {
    return (
      <Layout style={{ minHeight: "100vh" }}>
        <Layout.Header style={{ ...topBar, padding: "0 12px", gap: 8 }}>
          <Button type="text" icon={<MenuOutlined />} aria-label="菜单" aria-expanded={drawer} onClick={() => setDrawer(true)} />
          <span style={{ fontSize: 16, fontWeight: 600, whiteSpace: "nowrap" }}>{routeTitle(pathname)}</span>
          <div style={{ marginLeft: "auto" }}>{account}</div>
        </Layout.Header>
        <Drawer placement="left" width={240} open={drawer} onClose={() => setDrawer(false)} title={<Wordmark size={22} />} styles={{ body: { padding: 0 } }}>
          {groupName && <div style={{ padding: "12px 24px 4px", color: "#64748b" }}>{groupName}</div>}
          {menu}
        </Drawer>
        <Layout.Content style={{ padding: 12 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    );
  }

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider width={200} theme="light" style={{ boxShadow: "1px 0 0 #f0f0f0" }}>
        <div style={{ height: 64, display: "flex", alignItems: "center", justifyContent: "center" }}>
          <Wordmark size={24} />
        </div>
        {menu}
      </Layout.Sider>
      <Layout>
        <Layout.Header style={topBar}>
          <span style={{ fontSize: 16, fontWeight: 600 }}>{routeTitle(pathname)}</span>
          {groupName && <span style={{ color: "#64748b" }}>{groupName}</span>}
          <div style={{ marginLeft: "auto" }}>{account}</div>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

const topBar = { background: "#fff", padding: "0 24px", display: "flex", alignItems: "center", gap: 16, borderBottom: "1px solid #f0f0f0" } as const;
