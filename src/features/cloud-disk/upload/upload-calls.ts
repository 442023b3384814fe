import { useDataProvider, useInvalidate } from "@refinedev/core";
import { useMemo } from "react";
import { cloudDisk, cloudDiskApi } from "../../../../resources/cloud-disk/cloud-disk";
import type { Endpoint } from "../../../../resources/kernel/endpoint";
import { hostBase } from "../../../../providers/hosts";
import { diskResource } from "../disk-mode";
import type { UploadCalls } from "./upload-job";

/**
 * The upload's calls through the one data provider (its `custom`, as Refine's useCustom makes
 * them), and the listing's refresh after each add: at once, and again 5 s later (2 §4).
 */
export function useUploadCalls(): UploadCalls & { refreshSoon: () => void } {
  const dataProvider = useDataProvider();
  const invalidate = useInvalidate();
  return useMemo(() => {
    const call = async <T>(endpoint: Endpoint, values: Record<string, unknown>) => {
      const inQuery = endpoint.method === "GET";
      const answer = await dataProvider().custom!({
        url: endpoint.path,
        method: endpoint.method.toLowerCase() as "get" | "post",
        ...(inQuery ? { query: values } : { payload: values }),
        meta: { endpoint },
      });
      return answer.data as T;
    };
    const refresh = () => void invalidate({ resource: diskResource, invalidates: ["list"] });
    return {
      checkMd5: (query) => call(cloudDiskApi.checkMd5, query),
      token: (query) => call(cloudDiskApi.token, query),
      add: async (body) => {
        const item = await call<Awaited<ReturnType<UploadCalls["add"]>>>(cloudDiskApi.add, body);
        refresh();
        return item;
      },
      endpoint: (addr) => new URL(addr, hostBase(cloudDiskApi.upload.host)).href,
      refreshSoon: () => void setTimeout(refresh, cloudDisk.pollMs),
    };
  }, [dataProvider, invalidate]);
}
