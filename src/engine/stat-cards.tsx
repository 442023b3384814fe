import { Col, Flex, Progress, Row, Skeleton, Statistic, Tooltip, Typography } from "antd";
import type { StatCardDecl } from "../../resources/kernel/detail";
import type { Endpoint } from "../../resources/kernel/endpoint";
import type { Payload } from "../../providers/http";
import { ExclamationCircleFilled } from "../components/icons";
import { useCall, type CallState } from "../lib/use-call";

type Answer = Record<string, unknown>;

const num = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);

/** The calls the cards name, each once (two cards of one answer make one request). */
export const cardCalls = (cards: readonly StatCardDecl[]): Endpoint[] => [...new Set(cards.map((card) => card.call))];

/**
 * Every call the cards name, through Refine (`useCall`, cached): the declaration's list is fixed, so
 * the hooks keep their order.
 */
export function useCardCalls(cards: readonly StatCardDecl[], query: Payload): Map<Endpoint, CallState<Answer>> {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a declaration's calls never change while its page is shown
  return new Map(cardCalls(cards).map((call) => [call, useCall<Answer>(call, query)]));
}

/** A card's value could not be read: it shows its default, 0 (1 §8), marked so. */
const FailedMark = () => (
  <Tooltip title="加载失败，当前显示为默认值">
    <ExclamationCircleFilled aria-label="加载失败" style={{ color: "#faad14", marginLeft: 6, fontSize: 14 }} />
  </Tooltip>
);

function CardValue({ card, state }: { card: StatCardDecl; state: CallState<Answer> }) {
  const data = state.error ? undefined : state.answer?.data;
  const failed = !!state.error && !state.loading;
  const waiting = !data && !state.error;
  if (card.kind === "count") {
    const title = (
      <>
        {card.label}
        {failed && <FailedMark />}
      </>
    );
    return <Statistic title={title} value={num(data?.[card.field])} suffix={card.suffix} loading={waiting} />;
  }
  const done = num(data?.[card.done]);
  const total = num(data?.[card.total]);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Flex vertical align="center" gap={8}>
      {waiting ? (
        <Skeleton.Avatar active size={96} />
      ) : (
        // The name sits on the progressbar itself, where assistive technology looks for it.
        <Progress type="circle" size={96} percent={percent} format={() => `${done}/${total}`} aria-label={`${card.label} ${done}/${total}`} />
      )}
      <Typography.Text type="secondary">
        {card.label}（已完成/全部）
        {failed && <FailedMark />}
      </Typography.Text>
    </Flex>
  );
}

/** The numbers of a detail page's header, each waiting for and falling back on its own call. */
export function StatCards({ cards, calls }: { cards: readonly StatCardDecl[]; calls: Map<Endpoint, CallState<Answer>> }) {
  return (
    <Row gutter={[24, 24]} align="middle">
      {cards.map((card) => (
        <Col key={`${card.kind}-${card.label}`} xs={12} md={6} xl={4}>
          <CardValue card={card} state={calls.get(card.call)!} />
        </Col>
      ))}
    </Row>
  );
}
