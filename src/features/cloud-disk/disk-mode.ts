import { cloudDiskApi } from "../../../resources/cloud-disk/cloud-disk";
import type { DiskMode } from "../../../resources/cloud-disk/screens";
import type { Endpoint } from "../../../resources/kernel/endpoint";

/** The Refine resource every list and write of the disk goes under, so a write refreshes what is shown. */
export const diskResource = "clouddisk";

/** The calls of a screen: the organisation's disk read only, or the caller's own disk (2 §6). */
export interface ModeCalls {
  list: Endpoint;
  /** Search and the breadcrumb read the organisation's disk (1) or the caller's own (0). */
  group: 0 | 1;
  editable: boolean;
}

export const modeCalls = (mode: DiskMode): ModeCalls =>
  mode === "readonly" ? { list: cloudDiskApi.groupList, group: 1, editable: false } : { list: cloudDiskApi.list, group: 0, editable: true };

/** The writes Refine's create, update and delete hooks make (providers/data-provider.ts reads `meta.api`). */
export const writeApi = { create: cloudDiskApi.add, update: cloudDiskApi.rename, remove: cloudDiskApi.remove };

/** A file's address as the server answers it (a path on the cloud disk host), made absolute on that host. */
export const addressOf = (url: string, base: string) => new URL(url, base).href;
