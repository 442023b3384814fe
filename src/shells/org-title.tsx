import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { authApi } from "../../resources/auth/auth";
import { sessionStore, useSession } from "../../providers/session-store";
import { Wordmark } from "../components/wordmark";
import { orgNameFontSize } from "../lib/format";
import { useCall } from "../lib/use-call";

/** The organisation name at the top of the admin sidebar; clicking it returns home (1 §2.2). */
export function OrgTitle() {
  const navigate = useNavigate();
  const name = useSession((state) => state.curGroupName);

  // Without the name the wordmark stands in; a failure shows nothing else.
  const { answer } = useCall<string | { name?: string; certified?: boolean } | null>(authApi.enterpriseName);
  // A certified organisation (3 §4 'validate-complete') is marked beside its name.
  const certified = !!answer && typeof answer.data === "object" && !!answer.data?.certified;
  const fetched = answer && ((typeof answer.data === "string" ? answer.data : answer.data?.name) ?? "");
  // The name is session state (1 §3 curGroupName): the home page greets with it too.
  useEffect(() => {
    if (fetched !== undefined) sessionStore.set({ curGroupName: fetched });
  }, [fetched]);

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
      {name && certified && (
        <span title="本机构已通过认证" style={{ marginLeft: 6, padding: "0 4px", borderRadius: 4, border: "1px solid #95de64", color: "#b7eb8f", fontSize: 12, fontWeight: 400, lineHeight: "18px", whiteSpace: "nowrap" }}>
          已认证
        </span>
      )}
    </div>
  );
}
