import { Button, Result } from "antd";
import { Link } from "react-router-dom";

export function NotFoundPage({ home = "/" }: { home?: string }) {
  return (
    <Result
      status="404"
      title="404"
      subTitle="页面不存在"
      extra={
        <Link to={home}>
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
