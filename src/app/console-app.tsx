import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router-v6";
import { resources } from "../../resources";
import { accessControlProvider } from "../../providers/access-control";
import { authProvider } from "../../providers/auth-provider";
import { createDataProvider } from "../../providers/data-provider";
import { notificationProvider } from "../../providers/notify";
import { useEffect, type ReactNode } from "react";
import { EngineRegistryProvider } from "../engine/registry";
import { keepCaretInPlace } from "../lib/caret-keeper";
import { ConsoleRoutes } from "./console-routes";
import { engineRegistry } from "./engine-registry";
import { refineResources } from "./refine-resources";

// Each declared entity's calls, by resource name; a resource's own meta.api still wins.
export const consoleDataProvider = createDataProvider({ resources: Object.fromEntries(resources.map((resource) => [resource.name, resource.api])) });

/** Refine with the real providers and the declared resources, no telemetry and no retries, around `children`. */
export function ConsoleRefine({ children }: { children: ReactNode }) {
  return (
    <Refine
      routerProvider={routerProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      resources={refineResources}
      dataProvider={consoleDataProvider}
      notificationProvider={notificationProvider}
      // No usage reports to Refine's servers (docs/stack-notes.md). No query retries: a failed list
      // shows its error and 重试 at once rather than after seconds of silent attempts.
      options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      <EngineRegistryProvider registry={engineRegistry}>{children}</EngineRegistryProvider>
    </Refine>
  );
}

/** The lazily loaded console: Refine and every signed-in shell (admin, portals, rooms). */
export function ConsoleApp() {
  useEffect(() => keepCaretInPlace(), []);
  return (
    <ConsoleRefine>
      <ConsoleRoutes />
    </ConsoleRefine>
  );
}
