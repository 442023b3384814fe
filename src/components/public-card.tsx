import type { CSSProperties, ReactNode } from "react";

const frame: CSSProperties = {
  width: 400,
  maxWidth: "100%",
  boxSizing: "border-box",
  background: "#fff",
  borderRadius: 8,
  boxShadow: "0 8px 24px rgba(29, 59, 111, 0.08)",
  padding: "24px 32px",
};

/**
 * The white panel of the sign-in pages. Plain markup rather than antd Card: Card
 * brings Skeleton along, and /login has a hard size budget (docs/stack-notes.md).
 */
export function PublicCard({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <section style={frame}>
      {(title || extra) && (
        <header style={{ display: "flex", alignItems: "center", marginBottom: 24 }}>
          <h1 style={{ margin: 0, fontSize: 18, fontWeight: 600, color: "#1f2937" }}>{title}</h1>
          {extra && <div style={{ marginLeft: "auto" }}>{extra}</div>}
        </header>
      )}
      {children}
    </section>
  );
}
