import { Button, Card, Divider, Flex, Typography } from "antd";
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import type { DetailDecl } from "../../resources/kernel/detail";
import { ArrowLeftOutlined } from "../components/icons";
import { useCall } from "../lib/use-call";
import { MissingRecord } from "./missing-record";
import { useEngineRegistry } from "./registry";
import { ReportList } from "./report-list";
import { StatCards, useCardCalls } from "./stat-cards";
import { listAddress } from "./use-list-place";

/** The subject the address names, as its call takes it, or null when it names nobody usable. */
function readSubject(decl: DetailDecl, params: URLSearchParams): string | number | null {
  const raw = (params.get(decl.subject.param) ?? "").trim();
  if (decl.subject.kind === "text") return raw || null;
  const id = Number(raw);
  return raw && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The answer's fields that say something: a blank one leaves the address's value (a student's mobile) showing. */
const filled = (data: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(data ?? {}).filter(([, value]) => value !== "" && value !== null && value !== undefined));

/** A detail page (resources/kernel/detail.ts): who the address names, its numbers, and its report. */
export function DetailPage({ decl }: { decl: DetailDecl }) {
  const [params] = useSearchParams();
  const subject = readSubject(decl, params);
  const list = { listRoute: decl.listRoute, listLabel: `返回${decl.noun}列表` };
  if (subject === null) return <MissingRecord title={`未指定${decl.noun}`} {...list} />;
  return <DetailOf decl={decl} subject={subject} list={list} />;
}

interface DetailOfProps {
  decl: DetailDecl;
  subject: string | number;
  list: { listRoute: string; listLabel: string };
}

function DetailOf({ decl, subject, list }: DetailOfProps) {
  const navigate = useNavigate();
  const { detailPanels: panels } = useEngineRegistry();
  const query = useMemo(() => ({ [decl.subject.sendAs]: subject }), [decl.subject.sendAs, subject]);
  const record = useCall<Record<string, unknown>>(decl.record.call, query);
  const cards = useCardCalls(decl.cards, query);
  // Zeros under a default name would pass someone unknown (or of another kind) off as one of them.
  if (record.error?.statusCode === 404) return <MissingRecord title={`未找到该${decl.noun}`} {...list} />;

  const Panel = panels[decl.record.panel];
  if (!Panel) throw new Error(`detail page ${decl.route} names a panel "${decl.record.panel}" that no area registered`);
  const failed = [record, ...cards.values()].filter((part) => part.error && !part.loading);
  const shown = { ...query, ...filled(record.error ? undefined : record.answer?.data) };

  return (
    <Flex vertical gap={16}>
      <Card
        title={decl.record.title}
        extra={
          decl.back && (
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listAddress(decl.listRoute))}>
              返回
            </Button>
          )
        }
      >
        <Panel record={shown} loading={!record.answer && !record.error} noun={decl.noun} />
        {failed.length > 0 && (
          <Typography.Text type="warning" style={{ display: "block", marginTop: 12 }}>
            部分信息加载失败，当前显示为默认值。
            <Button type="link" size="small" onClick={() => failed.forEach((part) => part.retry())}>
              重新加载
            </Button>
          </Typography.Text>
        )}
        <Divider />
        <StatCards cards={decl.cards} calls={cards} />
      </Card>
      <ReportList detail={decl} report={decl.report} fixed={query} whose={String(shown.nickname || subject)} />
    </Flex>
  );
}
