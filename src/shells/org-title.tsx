import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { authApi } from "../../resources/auth/auth";
import { call } from "../../providers/http";
import { sessionStore } from "../../providers/session-store";
import { Wordmark } from "../components/wordmark";
import { orgNameFontSize } from "../lib/format";
import { useSession } from "../lib/use-session";

/** The organisation name at the top of the admin sidebar; clicking it returns home (1 §2.2). */
export function OrgTitle() {
  const navigate = useNavigate();
  const name = useSession((state) => state.curGroupName);

  useEffect(() => {
    call<string | { name?: string } | null>(authApi.enterpriseName)
      .then((data) => sessionStore.set({ curGroupName: (typeof data === "string" ? data : data?.name) ?? "" }))
      // Without the name the wordmark stands in; nothing else depends on it.
      .catch(() => undefined);
  }, []);

  return (
    <div
      role="link"
      tabIndex={0}
      title={name}
      onClick={() => navigate("/")}
      onKeyDown={(event) => event.key === "Enter" && navigate("/")}
      style={{
        height: 64,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: "0 16px",
        cursor: "pointer",
        color: "#fff",
        fontWeight: 600,
        fontSize: orgNameFontSize(name),
        textAlign: "center",
        borderBottom: "1px solid rgba(255,255,255,0.08)",
      }}
    >
      {name || <Wordmark size={22} inverse />}
    </div>
  );
}
