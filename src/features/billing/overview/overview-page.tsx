import { useList } from "@refinedev/core";
import { Alert, Button, Card, Col, Descriptions, Flex, List, Modal, Result, Row, Skeleton, Spin, Statistic, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { alertApi, notifyPerson, overviewMenuKey, thresholdMilli } from "../../../../resources/billing/alerts";
import { costRecordV2 } from "../../../../resources/billing/cost-record";
import { ledgerApi, type Reconciliation } from "../../../../resources/billing/ledger";
import { thresholdForm } from "../../../../resources/billing/forms";
import { rechargePage } from "../../../../resources/billing/routes";
import { consumeTypeLabels, statsApi, type ConsumeRecord } from "../../../../resources/stats/stats";
import { errorText } from "../../../../providers/http";
import { useSession } from "../../../../providers/session-store";
import { AccessGate } from "../../../engine/access-gate";
import { FormPageBody } from "../../../engine/form-page";
import { ResourceTable } from "../../../engine/resource-table";
import { formatYuan } from "../../../lib/format";
import { useCall } from "../../../lib/use-call";
import { costOn, costsByDay, overviewQuery, overviewTypes, projection, PROJECTION_DAYS, recentDays, recentMonths, WARN_WITHIN_DAYS, type OverviewType } from "./consumption";

const typeTitles: Record<OverviewType, string> = { total: "合计", bandwidth: consumeTypeLabels.bandwidth, oss: consumeTypeLabels.oss, convert: consumeTypeLabels.convert, live: consumeTypeLabels.live };
const yuanOf = (milli: number) => formatYuan(milli / 1000);
const lowColor = "#cf1322";

/**
 * /accountOverview and /accountOverviewv2 (3 §2.3, §7.2; issue 19 items 2 and 10): the balance,
 * in the low style at or below the warning threshold (the top bar's balance, so it is judged again
 * whenever that changes), how long it lasts at the last 30 days' use, the threshold's declared form,
 * the recipients of the low-balance SMS (the declared list, in a dialog), yesterday's costs and the
 * five panels of the last 3 days and the last three calendar months, each leading to its records.
 */
export function AccountOverviewPage() {
  return (
    <AccessGate menuKey={overviewMenuKey}>
      <Overview />
    </AccessGate>
  );
}

function Overview() {
  const now = useMemo(() => dayjs(), []);
  const balance = useSession((state) => state.curBalance);
  const threshold = useCall<{ config: string }>(alertApi.threshold, {});
  const consumption = useCall<ConsumeRecord[]>(statsApi.consume, overviewQuery(now));
  const costs = useMemo(() => costsByDay(consumption.answer?.data ?? []), [consumption.answer]);
  const limit = thresholdMilli(threshold.answer?.data.config);
  const balanceMilli = balance === null || Number.isNaN(balance) ? null : Math.round(balance * 1000);
  const low = balanceMilli !== null && threshold.answer !== undefined && balanceMilli <= limit;

  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card title="账户余额" style={{ height: "100%" }}>
            {balanceMilli === null ? (
              <Skeleton active paragraph={{ rows: 1 }} />
            ) : (
              <Flex vertical gap={12}>
                <Statistic title="可用余额" value={yuanOf(balanceMilli)} valueStyle={{ fontSize: 30, color: low ? lowColor : undefined }} />
                {low && <Typography.Text type="danger">余额已低于预警金额，请及时充值</Typography.Text>}
                {consumption.answer && <ProjectionLine text={projectionText(projection(costs, now, balanceMilli, limit))} />}
                <Flex gap={8} align="center">
                  <Link to={rechargePage.route}>
                    <Button type="primary">去充值</Button>
                  </Link>
                  <Reconcile />
                </Flex>
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Card title="余额预警" style={{ height: "100%" }}>
            <Typography.Paragraph type="secondary">余额降至预警金额及以下时，向短信通知人各发送一条短信。</Typography.Paragraph>
            <FormPageBody decl={thresholdForm} params={{}} />
          </Card>
        </Col>
        <Col xs={24} lg={6}>
          <Recipients />
        </Col>
      </Row>
      {consumption.error && !consumption.answer ? (
        <Result status="error" title="消费数据加载失败" subTitle={errorText(consumption.error)} extra={<Button onClick={consumption.retry}>重试</Button>} />
      ) : (
        <>
          <Card title="昨日消费">
            <Row gutter={[16, 16]}>
              {overviewTypes.map((type) => (
                <Col key={type} xs={12} md={8} xl={4}>
                  <Statistic title={typeTitles[type]} loading={!consumption.answer} value={yuanOf(costOn(costs, now.subtract(1, "day"), type))} />
                </Col>
              ))}
            </Row>
          </Card>
          <Row gutter={[16, 16]}>
            {overviewTypes.map((type) => (
              <Col key={type} xs={24} md={12} xl={8}>
                <Card
                  title={`${typeTitles[type]}账单`}
                  size="small"
                  loading={!consumption.answer}
                  extra={<Link to={`${costRecordV2.route}?type=${type}`}>更多</Link>}
                >
                  <Row gutter={16}>
                    <Col span={12}>
                      <Bills title="日账单" rows={recentDays(costs, now, type)} />
                    </Col>
                    <Col span={12}>
                      <Bills title="月账单" rows={recentMonths(costs, now, type)} />
                    </Col>
                  </Row>
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </Flex>
  );
}

function projectionText(p: ReturnType<typeof projection>): { text: string; warn: boolean } {
  if (p.days === null) return { text: `近${PROJECTION_DAYS}天没有消费，暂无法预计余额可用天数`, warn: false };
  const lasts = `按近${PROJECTION_DAYS}天日均消费${yuanOf(p.dailyMilli)}计，余额约可用${p.days}天`;
  if (!p.warn) return { text: lasts, warn: false };
  return { text: p.toThreshold === 0 ? `${lasts}，已到预警金额` : `${lasts}，预计${p.toThreshold}天内降至预警金额（${WARN_WITHIN_DAYS}天内）`, warn: true };
}

function ProjectionLine({ text }: { text: { text: string; warn: boolean } }) {
  return text.warn ? <Alert type="warning" showIcon message={text.text} /> : <Typography.Text type="secondary">{text.text}</Typography.Text>;
}

function Bills({ title, rows }: { title: string; rows: readonly (readonly [string, number])[] }) {
  return (
    <List
      size="small"
      header={<Typography.Text strong>{title}</Typography.Text>}
      dataSource={[...rows]}
      renderItem={([when, milli]) => (
        <List.Item style={{ paddingInline: 0 }}>
          <Typography.Text type="secondary">{when}</Typography.Text>
          <span>{yuanOf(milli)}</span>
        </List.Item>
      )}
    />
  );
}

/** 核对账目: the balance beside the sum of its ledger, asked for afresh each time the dialog opens. */
function Reconcile() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>核对账目</Button>
      <Modal title="核对账目" open={open} onCancel={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>关闭</Button>} destroyOnClose>
        {open && <Books />}
      </Modal>
    </>
  );
}

function Books() {
  const books = useCall<Reconciliation>(ledgerApi.reconcile);
  if (books.error) return <Result status="error" title="核对失败" subTitle={errorText(books.error)} extra={<Button onClick={books.retry}>重试</Button>} />;
  const data = books.answer?.data;
  if (!data) return <Spin />;
  const milli = (yuan: number) => Math.round(yuan * 1000);
  return (
    <Flex vertical gap={12}>
      {data.agrees ? (
        <Alert type="success" showIcon message="账目一致：账户余额等于全部流水之和" />
      ) : (
        <Alert type="error" showIcon message={`账目不一致：相差${yuanOf(milli(data.balance) - milli(data.ledger))}，请联系平台核查`} />
      )}
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="账户余额">{yuanOf(milli(data.balance))}</Descriptions.Item>
        <Descriptions.Item label="流水合计">{yuanOf(milli(data.ledger))}</Descriptions.Item>
        <Descriptions.Item label="流水笔数">{data.rows}</Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}

/** 短信通知 N 人, and 设置 opening the recipients' declared list (add with the mobile's code, delete). */
function Recipients() {
  const [open, setOpen] = useState(false);
  const list = useList({ resource: notifyPerson.name, pagination: { current: 1, pageSize: 100 }, meta: { api: notifyPerson.api }, errorNotification: false });
  return (
    <Card title="短信通知" style={{ height: "100%" }}>
      <Flex vertical gap={12}>
        <Statistic title="通知人数" loading={list.isLoading} value={list.data?.total ?? 0} suffix="人" />
        <Button onClick={() => setOpen(true)}>设置</Button>
      </Flex>
      <Modal title={notifyPerson.title} open={open} onCancel={() => setOpen(false)} footer={null} width={640} destroyOnClose>
        <ResourceTable decl={notifyPerson} />
      </Modal>
    </Card>
  );
}
