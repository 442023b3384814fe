import { useCallback, useState } from "react";
import type { FilterDecl } from "../../resources/kernel/define";
import { offeredPageSize, pageSizes } from "../../resources/kernel/paging";
import type { ListPlace } from "./use-list-place";

const noFilters: readonly FilterDecl[] = [];

/**
 * Where a person is in a list inside a dialog or a pane (page, page size, search key, filters):
 * the same place as `useListPlace` keeps in the address, kept in the component's own state so a
 * dialog's paging does not rewrite the page's address, and gone when the dialog closes.
 */
export function useStatePlace(_declared: readonly FilterDecl[] = noFilters, offered: readonly number[] = pageSizes) {
  const [place, setPlace] = useState<ListPlace>(() => ({ page: 1, pageSize: offeredPageSize(0, offered), key: "", filters: {} }));
  const go = useCallback(
    (next: Partial<ListPlace>) => setPlace((before) => ({ ...before, ...next, pageSize: offeredPageSize(next.pageSize ?? before.pageSize, offered) })),
    [offered],
  );
  return { place, go };
}
