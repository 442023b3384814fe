/**
 * What shows while a route's chunk or a session check loads. Plain CSS rather than
 * antd Spin: this sits in the entry chunk, which every page (and /login's budget) pays for.
 */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-label="加载中"
      style={{ display: "flex", alignItems: "center", justifyContent: "center", minHeight: fullScreen ? "100vh" : 240 }}
    >
      <span className="lectern-spinner" />
    </div>
  );
}
