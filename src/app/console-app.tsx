import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router-v6";
import { resources } from "../../resources";
import { authProvider } from "../../providers/auth-provider";
import { createDataProvider } from "../../providers/data-provider";
import { ConsoleRoutes } from "./console-routes";

// Each declared entity's calls, by resource name; a resource's own meta.api still wins.
const dataProvider = createDataProvider({ resources: Object.fromEntries(resources.map((resource) => [resource.name, resource.api])) });

/** The lazily loaded console: Refine and every signed-in shell (admin, portals, rooms). */
export function ConsoleApp() {
  return (
    <Refine
      routerProvider={routerProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      // No usage reports to Refine's servers (notes/stack.md). No query retries: the HTTP
      // layer already reported the failure, and a retry would only repeat its message.
      options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
    >
      <ConsoleRoutes />
    </Refine>
  );
}
