import { Alert, Button, Empty, Spin, Tag, Typography, message } from "antd";
import { useEffect, useState } from "react";
import { request } from "../../../../providers/http";
import { roomShelfApi } from "../../../../resources/live-commerce/shelf";
import type { RoomCard, RoomPin, RoomShelf } from "../../../../resources/live-commerce/room-shelf";
import { roomMessages } from "../../../../resources/rooms/room-api";
import { palette } from "../../../lib/theme";
import { cardImage, cardLink, cardPrice } from "./shelf-cards";

const same = (pin: RoomPin | null, card: RoomCard) => !!pin && pin.kind === card.kind && pin.productid === card.productid;

/**
 * The live's products and ads as the room's cards (issue 20 item 8): read with the room token, again
 * whenever the room hears the lists changed (`serial`); the teacher's pin, as the room last heard it,
 * is drawn first and marked. A link opens in a new window without a way back into this page
 * (noopener), only when it is http or https, and tells the server it was opened (counted once per
 * viewer and card in a few seconds). The live's teacher pins and unpins.
 */
export function useRoomShelf(currentToken: () => string, serial: number, heardPin: { pinned: RoomPin | null } | null) {
  const [shelf, setShelf] = useState<RoomShelf | null>(null);
  const [failed, setFailed] = useState("");
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    request<RoomShelf>(roomShelfApi.shelf, { token: currentToken() }).then(
      (answer) => live && (answer.code === 0 ? (setShelf(answer.data), setFailed("")) : setFailed(answer.msg)),
      () => live && setFailed(roomMessages.networkError),
    );
    return () => {
      live = false;
    };
  }, [currentToken, serial, attempt]);
  const pinned = heardPin ? heardPin.pinned : (shelf?.pinned ?? null);
  return { shelf, failed, retry: () => setAttempt((n) => n + 1), pinned };
}

export type ShelfState = ReturnType<typeof useRoomShelf>;

export function ShelfCard({ card, pinned, teacher, currentToken }: { card: RoomCard; pinned: boolean; teacher: boolean; currentToken: () => string }) {
  const link = cardLink(card, window.location.origin);
  const image = cardImage(card);
  const price = cardPrice(card);
  const pin = async (productid: string) => {
    const answer = await request(roomShelfApi.pin, { token: currentToken(), kind: card.kind, productid }).catch(() => null);
    if (!answer || answer.code !== 0) void message.error(answer?.msg ?? roomMessages.networkError);
  };
  return (
    <article aria-label={card.productname} style={{ display: "flex", gap: 10, padding: 8, border: `1px solid ${pinned ? palette.primary : "#e5e7eb"}`, borderRadius: 8, background: "#fff" }}>
      {image ? <img src={image} alt="" width={96} height={64} style={{ objectFit: "cover", borderRadius: 4, flex: "none" }} /> : null}
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong ellipsis={{ tooltip: card.productname }} style={{ display: "block" }}>
          {pinned && <Tag color="blue">置顶</Tag>}
          {card.productname}
        </Typography.Text>
        {price && <span style={{ color: palette.error }}>{price}</span>}
        <div style={{ display: "flex", gap: 4, marginTop: 4 }}>
          {link && (
            <Button
              size="small"
              type="primary"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`查看 ${card.productname}`}
              onClick={() => void request(roomShelfApi.click, { token: currentToken(), kind: card.kind, productid: card.productid }).catch(() => undefined)}
            >
              {card.kind === "product" ? "去购买" : "查看"}
            </Button>
          )}
          {teacher && (
            <Button size="small" onClick={() => void pin(pinned ? "" : card.productid)}>
              {pinned ? "取消置顶" : "置顶"}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/** The 商品 tab: every card, the pinned one first. */
export function ShelfPanel({ shelf: state, teacher, currentToken }: { shelf: ShelfState; teacher: boolean; currentToken: () => string }) {
  const { shelf, failed, retry, pinned } = state;
  if (failed && !shelf)
    return (
      <Alert
        type="error"
        showIcon
        message={`商品加载失败：${failed}`}
        action={
          <Button size="small" onClick={retry}>
            重试
          </Button>
        }
      />
    );
  if (!shelf) return <Spin style={{ display: "block", padding: 24 }} />;
  const cards = [...shelf.products, ...shelf.ads];
  if (!cards.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无商品" />;
  const ordered = [...cards.filter((c) => same(pinned, c)), ...cards.filter((c) => !same(pinned, c))];
  return (
    <div aria-label="商品列表" role="list" style={{ display: "flex", flexDirection: "column", gap: 8 }}>
      {ordered.map((card) => (
        <div role="listitem" key={`${card.kind}:${card.productid}`}>
          <ShelfCard card={card} pinned={same(pinned, card)} teacher={teacher} currentToken={currentToken} />
        </div>
      ))}
    </div>
  );
}

/** The pinned card under the stage, for everyone in the room at once. */
export function PinnedCard({ shelf: state, teacher, currentToken }: { shelf: ShelfState; teacher: boolean; currentToken: () => string }) {
  const { shelf, pinned } = state;
  const card = shelf && pinned ? [...shelf.products, ...shelf.ads].find((c) => same(pinned, c)) : undefined;
  if (!card) return null;
  return (
    <section aria-label="置顶商品" style={{ marginTop: 12 }}>
      <ShelfCard card={card} pinned teacher={teacher} currentToken={currentToken} />
    </section>
  );
}
