import { Card } from "antd";
import type { cloudDiskScreens } from "../../../resources/cloud-disk/screens";
import { AccessGate } from "../../engine/access-gate";
import { DiskBrowser } from "./disk-browser";

type Screen = (typeof cloudDiskScreens)[number];

/**
 * A cloud-disk screen (2 §2, 1 §2.2): the organisation's disk to edit (/clouddiskop), to read
 * (/teaclouddiskop, the portals' clouddiskop), or a teacher's or assistant's own. Shown to those
 * the server's menu grants the screen's key; the teacher's personal disk has no header of its own.
 */
export function CloudDiskPage({ screen }: { screen: Screen }) {
  return (
    <Card title={screen.header ? screen.title : undefined}>
      <AccessGate menuKey={screen.menuKey}>
        <DiskBrowser mode={screen.mode} />
      </AccessGate>
    </Card>
  );
}
