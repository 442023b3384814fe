import type { BaseRecord } from "@refinedev/core";
import { Card, Col, ConfigProvider, Empty, Grid, Row, theme } from "antd";
import { useSearchParams } from "react-router-dom";
import type { CallScreenDecl } from "../../resources/kernel/call-list";
import { CallTable } from "./call-table";
import { fillParams, fillText } from "./fill-route";
import { useCallRows } from "./use-call-rows";

type Params = Readonly<Record<string, string | number>>;

interface MasterDetailProps {
  list: CallScreenDecl["list"];
  detail: NonNullable<CallScreenDecl["detail"]>;
  params: Params;
}

/**
 * A master list and the detail of its chosen row (a call screen's `detail`): the row kept in the
 * address, so a reload or a shared link opens the same one, and its own call's list in a card
 * beside the list, or below it on a phone.
 */
export function CallMasterDetail({ list, detail, params }: MasterDetailProps) {
  const [search, setSearch] = useSearchParams();
  const { md } = Grid.useBreakpoint();
  const { token } = theme.useToken();
  // The same call and parameters as the master table's: Refine answers both from one request.
  const { rows } = useCallRows(list, params);
  const chosenKey = search.get(detail.param);
  const chosen = rows.find((row) => String(row[list.rowKey]) === chosenKey);
  const choosing = (row: BaseRecord) => {
    const next = new URLSearchParams(search);
    next.set(detail.param, String(row[list.rowKey]));
    return next;
  };

  return (
    <Row gutter={[16, 16]}>
      <Col flex={md ? "320px" : "1 1 100%"}>
        <Card title={detail.title} styles={{ body: { padding: 0 } }}>
          {/* The chosen row keeps its light highlight under the pointer, which a tap leaves on it: the stronger hover blue dims its link. */}
          <ConfigProvider theme={{ components: { Table: { rowSelectedHoverBg: token.controlItemBgActive } } }}>
            <CallTable
              list={list}
              params={params}
              choice={{ chosen: chosenKey, href: (row) => `?${choosing(row).toString()}`, choose: (row) => setSearch(choosing(row)) }}
            />
          </ConfigProvider>
        </Card>
      </Col>
      <Col flex="1 1 480px" style={{ minWidth: 0 }}>
        {chosen ? (
          <Card key={chosenKey} title={fillText(detail.name, chosen)}>
            <CallTable list={detail.list} params={{ ...params, ...fillParams(detail.params, chosen) }} />
          </Card>
        ) : (
          <Card>
            <Empty description={detail.choose} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
