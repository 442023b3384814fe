import { useList, type CrudFilter } from "@refinedev/core";
import { cloudDiskApi, type CloudCrumb, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { useCall } from "../../lib/use-call";
import { diskResource, type ModeCalls } from "./disk-mode";
import type { DiskPlace } from "./use-disk-place";

const eq = (field: string, value: unknown): CrudFilter => ({ field, operator: "eq", value });

/** One page of the open folder, or of a search over the disk, through Refine's list. */
export function useDiskRows(calls: ModeCalls, place: DiskPlace) {
  const searching = place.key !== "";
  const result = useList<CloudItem>({
    resource: diskResource,
    pagination: { current: place.page, pageSize: place.pageSize },
    filters: searching ? [eq("key", place.key), eq("group", calls.group)] : [eq("parentid", place.folder)],
    meta: { api: { list: searching ? cloudDiskApi.search : calls.list } },
    queryOptions: { keepPreviousData: true },
    errorNotification: false,
  });
  return {
    rows: result.data?.data ?? [],
    total: result.data?.total ?? 0,
    loading: result.isFetching,
    error: result.error ?? null,
    retry: () => void result.refetch(),
  };
}

/** The folders from the root down to the open one (`/parentlist`), for the breadcrumb. */
export function useCrumbs(calls: ModeCalls, place: DiskPlace) {
  // Search results span the whole disk: no folder's trail stands above them.
  const shown = place.folder > 0 && !place.key;
  const call = useCall<CloudCrumb[]>(cloudDiskApi.parents, { id: place.folder, group: calls.group }, { enabled: shown });
  return { crumbs: shown && Array.isArray(call.answer?.data) ? call.answer.data : [], error: call.error };
}
