import { Typography } from "antd";
import { pushDelivery } from "../../../resources/data-push/push-delivery";
import { ResourceTable } from "../../engine/resource-table";

/** Under /pushDataOp's form: the delivery log, the engine's table over its declaration, paged in its own state. */
export function PushDeliveriesPanel() {
  return (
    <section aria-label={pushDelivery.title} style={{ marginTop: 32 }}>
      <Typography.Title level={5}>{pushDelivery.title}</Typography.Title>
      <ResourceTable decl={pushDelivery} placeIn="state" />
    </section>
  );
}
