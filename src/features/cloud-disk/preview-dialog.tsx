import { Modal } from "antd";
import type { CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { hostBase } from "../../../providers/hosts";
import { addressOf } from "./disk-mode";

/**
 * The preview of an image or a PDF (an office document converted to PDF included) in the browser
 * (2 §2 preview dialog): the file's own address in an <img> or a frame, read with the session.
 */
export function PreviewDialog({ item, onClose }: { item: CloudItem | null; onClose: () => void }) {
  const src = item ? addressOf(item.url, hostBase("cloudDisk")) : "";
  return (
    <Modal open={!!item} title={item?.name} footer={null} onCancel={onClose} width="80%" style={{ top: 24 }} destroyOnHidden>
      {item?.preview === "image" && <img src={src} alt={item.name} style={{ display: "block", maxWidth: "100%", maxHeight: "75vh", margin: "0 auto" }} />}
      {item?.preview === "pdf" && <iframe src={src} title={item.name} style={{ width: "100%", height: "75vh", border: 0 }} />}
    </Modal>
  );
}
