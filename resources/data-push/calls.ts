import { access, defineCalls } from "../kernel/call";
import { pushApi, pushMenuKey } from "./push-api";

const menu = access.menu([pushMenuKey]);

/** The delivery log, its replay and the signing secret of /pushDataOp (issue 19 items 8 and 10). */
export const pushCalls = defineCalls("data-push", {
  deliveries: {
    endpoint: pushApi.deliveries,
    query: "push-delivery.query",
    access: menu,
    summary: "The organisation's webhook deliveries, newest first: Id, Event, Url, StatusCode, LatencyMs, Attempts, State, Error, Body, CreateTime; count",
  },
  replay: {
    endpoint: pushApi.replay,
    body: "push-delivery.id",
    access: menu,
    limits: ["pushReplaysPerPerson"],
    summary: "A new delivery of a logged one's event and body, to the api's address now configured",
  },
  secret: {
    endpoint: pushApi.secret,
    access: menu,
    summary: "The organisation's push signing secret ({secret}), made at its first reading",
  },
  secretReset: {
    endpoint: pushApi.secretReset,
    access: menu,
    summary: "A new push signing secret ({secret}); deliveries are signed with it from now on",
  },
});
