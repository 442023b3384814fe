import { Button, Result, Spin } from "antd";
import type { ReactNode } from "react";
import { useMenuAccess } from "./use-menu-access";

/** Renders a page's content only for an admin holding its menu key (or one of them); one check per page. */
export function AccessGate({ menuKey, children }: { menuKey: string | readonly string[]; children: ReactNode }) {
  const { access, retry } = useMenuAccess(menuKey);
  if (access === "checking") {
    return (
      <div style={{ padding: "64px 0", textAlign: "center" }}>
        <Spin />
      </div>
    );
  }
  if (access === "denied") return <Result status="403" title="无权访问" subTitle="您的账号没有使用本页面的权限，请联系主管理员" />;
  if (access === "failed") {
    return (
      <Result
        status="error"
        title="权限信息加载失败"
        extra={
          <Button type="primary" onClick={retry}>
            重试
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}
