import { message } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { authApi, homeOf, userTypeOf, type IdentityType } from "../../../resources/auth/auth";
import { getHosts } from "../../../providers/hosts";
import { call } from "../../../providers/http";
import { reportError } from "../../../providers/notify";
import { pageLocation } from "../../../providers/location";
import { sessionStore } from "../../../providers/session-store";
import identitySelectSchema from "../../../schemas/auth/identity.select.schema.json";
import { PageLoading } from "../../components/page-loading";
import { PublicLayout } from "../../components/public-layout";
import { fieldProblem } from "../../engine/light-rules";
import { IdentityCard, type IdentityEntry } from "./identity-card";

type IdentityList = Partial<Record<IdentityType, IdentityEntry[]>>;

/** Card order on the page (1 §2.1). */
const cardOrder: IdentityType[] = ["admin", "assistant", "teacher", "student"];

/** 272 px with a 22 px gap for three or four cards, 400 px with 60 px for one or two (1 §4). */
const cardLayout = (count: number) => (count >= 3 ? { width: 272, gap: 22 } : { width: 400, gap: 60 });

export function IdentityPage() {
  const navigate = useNavigate();
  const [cards, setCards] = useState<{ type: IdentityType; entries: IdentityEntry[] }[] | null>(null);
  const [selected, setSelected] = useState<{ type: IdentityType; id: number } | null>(null);
  const [entering, setEntering] = useState<IdentityType | null>(null);

  /** Selects the identity on the server and opens its home; false when the server refused. */
  const enter = useCallback(
    async (type: IdentityType, entry: IdentityEntry): Promise<boolean> => {
      setEntering(type);
      try {
        await call(authApi.selectIdentity, { id: entry.id, type });
        // The session's identity changed: its check and menu are asked again by the shell.
        sessionStore.recheck();
        sessionStore.set({ identityInfo: { ...entry, type }, userType: userTypeOf[type], curGroupName: entry.name });
        navigate(homeOf[type]);
        return true;
      } catch (error) {
        reportError(error);
        setEntering(null);
        return false;
      }
    },
    [navigate],
  );

  useEffect(() => {
    let live = true;
    call<IdentityList>(authApi.identities)
      .then((list) => {
        if (!live) return;
        const filled = cardOrder.map((type) => ({ type, entries: list?.[type] ?? [] })).filter((card) => card.entries.length > 0);
        const total = filled.reduce((sum, card) => sum + card.entries.length, 0);
        if (total === 0) return pageLocation.assign(getHosts().applyUrl);
        const show = () => {
          setCards(filled);
          setSelected({ type: filled[0].type, id: filled[0].entries[0].id });
        };
        // A lone identity is entered at once; its card appears only if that fails.
        if (total === 1) return void enter(filled[0].type, filled[0].entries[0]).then((entered) => live && !entered && show());
        show();
      })
      .catch((error: unknown) => {
        if (!live) return;
        reportError(error);
        setCards(cardOrder.map((type) => ({ type, entries: [] })));
      });
    return () => {
      live = false;
    };
  }, [enter]);

  if (!cards) return <PageLoading fullScreen />;

  const { width, gap } = cardLayout(cards.length);
  const enterCard = (type: IdentityType, entries: IdentityEntry[]) => {
    const entry = selected?.type === type ? entries.find((candidate) => candidate.id === selected.id) : undefined;
    if (!entry) return void fieldProblem(identitySelectSchema, "id", {}).then((text) => message.warning(text));
    void enter(type, entry);
  };

  return (
    <PublicLayout>
      <div style={{ display: "flex", flexWrap: "wrap", justifyContent: "center", alignItems: "stretch", gap, maxWidth: 1280 }}>
        {cards.map(({ type, entries }) => (
          <IdentityCard
            key={type}
            type={type}
            entries={entries}
            width={width}
            selectedId={selected?.type === type ? selected.id : undefined}
            entering={entering === type}
            onSelect={(id) => setSelected({ type, id })}
            onEnter={() => enterCard(type, entries)}
          />
        ))}
      </div>
    </PublicLayout>
  );
}
