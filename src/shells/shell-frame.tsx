import { Layout } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { routeTitle } from "../app/route-titles";
import { StyleKeepers } from "../components/style-keeper";
import { Wordmark } from "../components/wordmark";

/** The admin top bar's look, shared by the real header and the frame drawn before it. */
export const topBarStyle: CSSProperties = {
  background: "#fff",
  padding: "0 24px",
  display: "flex",
  alignItems: "center",
  gap: 12,
  borderBottom: "1px solid #f0f0f0",
  position: "sticky",
  top: 0,
  zIndex: 10,
};

/** The admin console's frame: the dark sidebar on the left, the top bar and the content on the right. */
export function ShellFrame({ sider, header, children }: { sider: ReactNode; header: ReactNode; children?: ReactNode }) {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Sider width={220} style={{ position: "sticky", top: 0, height: "100vh", overflowY: "auto" }}>
        {sider}
      </Layout.Sider>
      <Layout>
        {header}
        <Layout.Content style={{ padding: 24 }}>
          {children}
          <StyleKeepers />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** Where the sidebar's menu will be: a few muted bars while the server's menu is on its way. */
export function MenuPlaceholder() {
  return (
    <div role="status" aria-label="菜单加载中" style={{ padding: "16px 24px", display: "grid", gap: 22 }}>
      {[72, 56, 64, 48, 60].map((width, index) => (
        <span key={index} style={{ display: "block", height: 14, width: `${width}%`, borderRadius: 4, background: "rgba(255,255,255,0.12)" }} />
      ))}
    </div>
  );
}

/**
 * The frame with placeholders and the page's title: what a signed-in admin sees while the
 * console's code, the session check or the menu are still arriving (a slow link shows it first).
 */
export function ShellPlaceholder({ pathname }: { pathname: string }) {
  return (
    <ShellFrame
      sider={
        <>
          <div style={{ height: 64, display: "flex", alignItems: "center", justifyContent: "center", borderBottom: "1px solid rgba(255,255,255,0.08)" }}>
            <Wordmark size={22} inverse />
          </div>
          <MenuPlaceholder />
        </>
      }
      header={
        <Layout.Header style={topBarStyle}>
          <span style={{ fontSize: 16, fontWeight: 600 }}>{routeTitle(pathname)}</span>
        </Layout.Header>
      }
    />
  );
}
