import { useCreate, useDelete, useInvalidate, useUpdate, type HttpError } from "@refinedev/core";
import { Modal } from "antd";
import { cloudDisk, cloudDiskApi, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { useCallMutation } from "../../lib/use-call";
import { diskResource, writeApi } from "./disk-mode";

const { messages } = cloudDisk;
const meta = { api: writeApi };
const done = (message: string) => () => ({ type: "success" as const, message });
/** A refusal shows the server's words (2 §8: cloud delete and move failures show the server message). */
const refused = (error?: HttpError) => ({ type: "error" as const, message: error?.message || "操作失败" });

/**
 * The disk's writes through Refine's mutations, each saying what the spec says (添加成功, 修改成功,
 * 删除成功 or 批量删除成功, 移动成功) and refreshing the listing. Each resolves true when it landed.
 */
export function useDiskActions(folder: number) {
  const { mutateAsync: create } = useCreate();
  const { mutateAsync: update } = useUpdate();
  const { mutateAsync: remove } = useDelete();
  const { send } = useCallMutation();
  const invalidate = useInvalidate();
  const [modal, modalHolder] = Modal.useModal();
  const landed = (step: Promise<unknown>) => step.then(() => true, () => false);

  const addFolder = (name: string) =>
    landed(create({ resource: diskResource, values: { parentid: folder, filetype: 0, name }, meta, successNotification: done(messages.added), errorNotification: refused }));

  const rename = (item: CloudItem, name: string) =>
    landed(update({ resource: diskResource, id: item.id, values: { name }, meta, successNotification: done(messages.renamed), errorNotification: refused }));

  const confirmRemove = (items: CloudItem[]) => {
    const one = items.length === 1 ? items[0] : null;
    modal.confirm({
      title: "提示",
      content: one ? `确定删除「${one.name}」吗？${one.file_type === 0 ? "文件夹中的内容会一并删除。" : ""}` : `确定删除选中的${items.length}项吗？`,
      okText: "确定",
      cancelText: "取消",
      okButtonProps: { danger: true },
      onOk: () =>
        remove({
          resource: diskResource,
          id: items.map((i) => i.id).join(","),
          meta,
          successNotification: done(one ? messages.deleted : messages.batchDeleted),
          errorNotification: refused,
        }).catch(() => undefined),
    });
  };

  const move = async (items: CloudItem[], newid: number) => {
    const ok = await landed(
      send(cloudDiskApi.move, { id: items.map((i) => i.id).join(","), newid }, { successNotification: done(messages.moved), errorNotification: refused }),
    );
    if (ok) await invalidate({ resource: diskResource, invalidates: ["list"] });
    return ok;
  };

  return { addFolder, rename, confirmRemove, move, modalHolder };
}
