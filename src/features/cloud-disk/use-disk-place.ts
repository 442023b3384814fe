import { useSearchParams } from "react-router-dom";
import { cloudDisk } from "../../../resources/cloud-disk/cloud-disk";

export interface DiskPlace {
  /** The open folder, 0 the root. */
  folder: number;
  page: number;
  pageSize: number;
  /** A search over the whole disk; "" lists the folder. */
  key: string;
}

const whole = (text: string | null) => {
  const n = Number.parseInt(text ?? "", 10);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/**
 * Where a person is on the disk (folder, page, page size, search), kept in the address: back and
 * forward walk the folders, a reload returns to the same place. Defaults stay out of the address.
 */
export function useDiskPlace() {
  const [params, setParams] = useSearchParams();
  const size = whole(params.get("pageSize"));
  const place: DiskPlace = {
    folder: whole(params.get("folder")),
    page: whole(params.get("page")) || 1,
    pageSize: (cloudDisk.pageSizes as readonly number[]).includes(size) ? size : cloudDisk.pageSizes[0],
    key: params.get("key") ?? "",
  };
  const go = (next: Partial<DiskPlace>) => {
    const to = { ...place, ...next };
    const query = new URLSearchParams();
    if (to.folder) query.set("folder", String(to.folder));
    if (to.key) query.set("key", to.key);
    if (to.page > 1) query.set("page", String(to.page));
    if (to.pageSize !== cloudDisk.pageSizes[0]) query.set("pageSize", String(to.pageSize));
    setParams(query);
  };
  return {
    place,
    /** Into a folder (or the root): its first page, the search closed. */
    open: (folder: number) => go({ folder, page: 1, key: "" }),
    search: (key: string) => go({ key: key.trim(), page: 1 }),
    turn: (page: number, pageSize: number) => go({ page: pageSize === place.pageSize ? page : 1, pageSize }),
  };
}
