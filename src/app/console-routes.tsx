import { lazy, Suspense, type ReactElement } from "react";
import { Route, Routes } from "react-router-dom";
import { homeOf } from "../../resources/auth/auth";
import { NotFoundPage } from "../components/not-found-page";
import { PendingPage } from "../components/pending-page";
import { AdminShell } from "../shells/admin-shell";
import { preloadListScreen } from "../engine/pages";
import { PortalShell, type PortalIdentity } from "../shells/portal-shell";
import { RoomShell } from "../shells/room-shell";
import { PageLoading } from "../components/page-loading";
import { adminPages } from "./admin-pages";
import { portalPages } from "../features/portal/pages";
import { cloudDiskPortalPages } from "../features/cloud-disk/pages";
import { payResultRoute } from "../../resources/rooms/routes";
import { portalRoles } from "../../resources/portal/routes";
import { routesOfShell, routeTitles } from "./route-titles";

const roomPaths = routesOfShell("room");
export type BuiltPages = Record<string, ReactElement>;

// Forms bring the schema validator (ajv and every schema, about 125 kB gzipped): loaded with
// their page, never before the shell's first paint.
const PayResultPage = lazy(() => import("../features/billing/pay-result-page").then((m) => ({ default: m.PayResultPage })));
const RoomRoutePage = lazy(() => import("../features/rooms/room-route-page").then((m) => ({ default: m.RoomRoutePage })));

const builtAdminPages: BuiltPages = {
  ...Object.fromEntries(
    Object.entries(adminPages).map(([path, Page]) => [
      path,
      <Suspense key={path} fallback={<PageLoading />}>
        <Page />
      </Suspense>,
    ]),
  ),
};

/** The admin shell's declared routes no built page renders: the shell's honest empty state. */
const adminPathsBesides = (pages: BuiltPages) => routesOfShell("admin").filter((path) => path !== "/" && !(path in pages));

/**
 * A portal child's built page: the portal's own (src/features/portal/pages.ts, handed its role), else a
 * cloud-disk screen declared for that full route (src/features/cloud-disk/pages.ts), else the honest
 * empty state.
 */
function portalPage(role: PortalIdentity, child: string) {
  const Page = portalPages[child];
  const Disk = cloudDiskPortalPages[`${homeOf[role]}/${child}`];
  if (!Page && !Disk) return <PendingPage />;
  return <Suspense fallback={<PageLoading />}>{Page ? <Page role={role} /> : Disk ? <Disk /> : null}</Suspense>;
}

function portalRoutes(role: PortalIdentity) {
  const base = homeOf[role];
  const children = Object.keys(routeTitles)
    .filter((path) => path.startsWith(`${base}/`))
    .map((path) => path.slice(base.length + 1));
  return (
    <Route key={role} path={base} element={<PortalShell role={role} />}>
      <Route index element={portalPage(role, "")} />
      {children.map((child) => (
        <Route key={child} path={child} element={portalPage(role, child)} />
      ))}
      <Route path="*" element={<NotFoundPage home={base} />} />
    </Route>
  );
}

/**
 * The signed-in part of the app; the route table decides which shell a path renders in.
 * `pages` replaces the built admin screens (stories show the shells with light pages).
 */
export function ConsoleRoutes({ pages = builtAdminPages }: { pages?: BuiltPages }) {
  return (
    <Routes>
      {portalRoles.map(portalRoutes)}
      <Route element={<RoomShell />}>
        {roomPaths.map((path) => (
          <Route
            key={path}
            path={path}
            element={
              path === payResultRoute.route ? (
                <Suspense fallback={<PageLoading />}>
                  <PayResultPage />
                </Suspense>
              ) : (
                <Suspense fallback={<PageLoading fullScreen />}>
                  <RoomRoutePage />
                </Suspense>
              )
            }
          />
        ))}
      </Route>
      <Route element={<AdminShell preload={preloadListScreen} />}>
        <Route index element={pages["/"] ?? <PendingPage />} />
        {Object.entries(pages)
          .filter(([path]) => path !== "/")
          .map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        {adminPathsBesides(pages).map((path) => (
          <Route key={path} path={path} element={<PendingPage />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
