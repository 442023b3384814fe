import { ep } from "../kernel/endpoint";
import { access, defineCalls } from "../kernel/call";

/**
 * The server's own addresses, outside the spec's cms contract: a health probe for load balancers
 * and process managers, and the configuration the console reads before anyone signs in. Their
 * answers are not the envelope's rows of a table.
 */
export const platformCalls = defineCalls("platform", {
  health: {
    endpoint: ep("GET /healthz"),
    access: access.public("a probe answers whether the database does; it names nothing else"),
    summary: "200 when the database answers",
  },
  config: {
    endpoint: ep("GET /config.json"),
    access: access.public("the console reads it before anyone signs in; it names only the public addresses"),
    answer: "json",
    summary: "Base address of every host kind, the share links' base and customer type",
  },
});
