import { useDataProvider, useInvalidate } from "@refinedev/core";
import { useEffect, useRef } from "react";
import { cloudDisk, cloudDiskApi, fileStateOf, uploadStatus, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import { diskResource } from "./disk-mode";

/**
 * While the listing shows files being converted, asks each one's upload status every 5 s, and
 * reloads the listing once one says Status 1 (2 §4). Stops when none is left.
 */
export function useConversionPoll(rows: CloudItem[]) {
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  const pending = rows.filter((row) => fileStateOf(row, Date.now()) === "converting").map((row) => row.guid);
  const key = pending.join(",");
  const asking = useRef(false);

  useEffect(() => {
    if (!key) return;
    const timer = setInterval(async () => {
      if (asking.current) return;
      asking.current = true;
      const provider = dataProvider();
      const answers = await Promise.all(
        key.split(",").map((docid) =>
          provider.custom!({ url: cloudDiskApi.status.path, method: "get", query: { docid }, meta: { endpoint: cloudDiskApi.status } }).catch(() => null),
        ),
      );
      asking.current = false;
      if (answers.some((answer) => (answer?.data as { Status?: number } | undefined)?.Status === uploadStatus.ready))
        await invalidate({ resource: diskResource, invalidates: ["list"] });
    }, cloudDisk.pollMs);
    return () => clearInterval(timer);
  }, [key, dataProvider, invalidate]);
}
