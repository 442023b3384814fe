import { message } from "antd";
import { useEffect, useState, type Key } from "react";
import { cloudDisk, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import type { DiskMode } from "../../../resources/cloud-disk/screens";
import { DiskTable } from "./disk-table";
import { DiskActions, DiskBreadcrumb, DiskSearch } from "./disk-toolbar";
import { FolderPicker } from "./folder-picker";
import { modeCalls } from "./disk-mode";
import { PreviewDialog } from "./preview-dialog";
import { UploadPanel } from "./upload/upload-panel";
import { useUploads } from "./upload/use-uploads";
import { useConversionPoll } from "./use-conversion-poll";
import { useDiskActions } from "./use-disk-actions";
import { useDiskPlace } from "./use-disk-place";
import { useCrumbs, useDiskRows } from "./use-disk-rows";

/**
 * A disk as one screen (2 §2 cloud disk): breadcrumb, search, one page of the open folder, and on
 * an editable disk selection (select all), upload, new folder, rename, move and delete; preview of
 * images and PDFs everywhere. Where the person is stays in the address.
 */
export function DiskBrowser({ mode }: { mode: DiskMode }) {
  const calls = modeCalls(mode);
  const { place, open, search, turn } = useDiskPlace();
  const list = useDiskRows(calls, place);
  const { crumbs } = useCrumbs(calls, place);
  const actions = useDiskActions(place.folder);
  const uploads = useUploads(place.folder);
  const [selected, setSelected] = useState<Key[]>([]);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [moving, setMoving] = useState<CloudItem[] | null>(null);
  const [previewing, setPreviewing] = useState<CloudItem | null>(null);
  useConversionPoll(list.rows);

  // What was deleted or moved away is no longer selected.
  useEffect(() => setSelected((keys) => keys.filter((key) => list.rows.some((row) => row.id === key))), [list.rows]);

  // A new place, or the same place reloaded, starts with nothing selected or being edited.
  useEffect(() => {
    setSelected([]);
    setCreating(false);
    setRenaming(null);
  }, [place.folder, place.key, place.page, place.pageSize]);

  const openItem = (item: CloudItem) => {
    if (item.file_type === 0) open(item.id);
    else if (item.url && item.preview) setPreviewing(item);
    else void message.info(cloudDisk.messages.noPreview);
  };
  const chosen = () => list.rows.filter((row) => selected.includes(row.id));

  return (
    <div>
      {actions.modalHolder}
      <div style={{ display: "flex", flexWrap: "wrap", gap: 12, justifyContent: "space-between", alignItems: "center", marginBottom: 16 }}>
        {calls.editable ? (
          <DiskActions
            selectedCount={selected.length}
            searching={!!place.key}
            onUpload={uploads.add}
            onNewFolder={() => (creating ? void message.warning(cloudDisk.messages.finishFolder) : setCreating(true))}
            onMove={() => setMoving(chosen())}
            onRemove={() => actions.confirmRemove(chosen())}
          />
        ) : (
          <span />
        )}
        <DiskSearch value={place.key} onSearch={search} />
      </div>
      <div style={{ marginBottom: 12 }}>
        <DiskBreadcrumb crumbs={crumbs} searchKey={place.key} onOpen={open} />
      </div>
      <UploadPanel entries={uploads.entries} onRetry={uploads.retry} onRemove={uploads.remove} onClearDone={uploads.clearDone} />
      <DiskTable
        {...list}
        page={place.page}
        pageSize={place.pageSize}
        onTurn={turn}
        mark={place.key}
        onOpen={openItem}
        edit={
          calls.editable
            ? {
                selected,
                onSelect: setSelected,
                creating,
                onCreate: actions.addFolder,
                onCreateDone: () => setCreating(false),
                renaming,
                onRenameStart: (item) => setRenaming(item.id),
                onRename: actions.rename,
                onRenameDone: () => setRenaming(null),
                onMove: setMoving,
                onRemove: actions.confirmRemove,
              }
            : undefined
        }
      />
      <FolderPicker calls={calls} items={moving} onMove={(newid) => actions.move(moving ?? [], newid)} onClose={() => setMoving(null)} />
      <PreviewDialog item={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
