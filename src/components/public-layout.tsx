import type { ReactNode } from "react";
import { Wordmark } from "./wordmark";

/** The sign-in pages: the wordmark above content centred on a light background. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: "100vh",
        boxSizing: "border-box",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        padding: "32px 16px",
        background: "linear-gradient(160deg, #e8f0fc 0%, #f5f7fb 55%, #eef2f7 100%)",
      }}
    >
      <header style={{ textAlign: "center", marginBottom: 24 }}>
        <Wordmark size={36} />
        <div style={{ color: "#64748b", marginTop: 4, fontSize: 14 }}>直播课堂机构管理平台</div>
      </header>
      {children}
    </div>
  );
}
