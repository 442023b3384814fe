import { useCan } from "@refinedev/core";
import { Button, Result, Spin } from "antd";
import type { ReactNode } from "react";

/**
 * Renders a page's content only for an admin the console's access control lets in (Refine's
 * `useCan` over the server's menu, providers/access-control.ts): one check per page, never per row.
 * The server refuses what it does not grant anyway; this keeps a person from a page of refusals.
 */
export function AccessGate({ menuKey, children }: { menuKey: string | readonly string[]; children: ReactNode }) {
  const keys = [menuKey].flat();
  const { data, isLoading, isError, refetch } = useCan({
    action: "access",
    params: { keys },
    // A gate that stays mounted while the route changes must not show the last route's answer.
    queryOptions: { keepPreviousData: false },
  });
  if (isError) {
    return (
      <Result
        status="error"
        title="权限信息加载失败"
        extra={
          <Button type="primary" onClick={() => void refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (isLoading || !data) {
    return (
      <div style={{ padding: "64px 0", textAlign: "center" }}>
        <Spin />
      </div>
    );
  }
  if (!data.can) return <Result status="403" title="无权访问" subTitle="您的账号没有使用本页面的权限，请联系主管理员" />;
  return <>{children}</>;
}
