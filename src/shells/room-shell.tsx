import { Outlet } from "react-router-dom";
import { PageLoading } from "../components/page-loading";
import { useSessionGuard } from "./use-session-guard";

/** Live rooms and the payment result open in their own window, without a console frame. */
export function RoomShell() {
  const allowed = useSessionGuard(null);
  if (!allowed) return <PageLoading fullScreen />;
  return (
    <div style={{ minHeight: "100vh", boxSizing: "border-box", padding: 24, background: "#f5f7fb" }}>
      <Outlet />
    </div>
  );
}
