import { ep } from "../kernel/endpoint";
import { examApi } from "./exam";
import { access, defineCalls } from "../kernel/call";
import { examBinding, toolApi } from "./tools";

/**
 * The stand-in open platform's page script (issue 9 item 7), under the openIframe host. Its page
 * answers every other path under the host (the tool's sub-path names the tool), a catch-all the
 * feature registers beside the calls: a wildcard is no call of the contract.
 */
export const sandboxScript = ep("GET /_sandbox/sandbox.js", "openIframe");

/**
 * The embedded tools (3 §2.5, §7.1): frame tokens, the sandbox open platform, the exam service.
 * Declared calls, not a table's CRUD. A tool token is bound to the caller's organisation and
 * identity and to a tool of resources/tools/tools.ts whose menu key the caller holds. The exam service's
 * shapes are its own, not the cms families': the token travels in the query or body beside the
 * session, lists answer `content` (`content.resultset` and `content.total` for the papers, a bare
 * array for a live's), pages are `page_no`/`limit`, and binding is keyed by (roomid, paper_id).
 * An exam call needs both the session (the organisation every query is scoped to) and a live token
 * of an exam tool for that same identity: the token says the console page asked for it, the
 * session says who is asking now.
 */
export const toolCalls = defineCalls("tools", {
  token: {
    endpoint: toolApi.token,
    body: "webapitoken",
    access: access.identity("admin"),
    limits: ["tokensPerPerson"],
    summary: "A frame token for one tool of resources/tools/tools.ts: {token, expires_in}",
  },
  verify: {
    endpoint: toolApi.verify,
    query: "tool-token.query",
    access: access.public("the open platform checks a token it was handed: the signed, short-lived token is what it asks about, and a bad one gets 403"),
    limits: ["tokenChecksPerIp"],
    summary: "The open platform's check of a token: the tool, organisation and identity it names",
  },
  sandboxScript: {
    endpoint: sandboxScript,
    access: access.public("the stand-in open platform's page script, the same file for everyone; it carries no data"),
    answer: "javascript",
    summary: "The sandbox open platform's page script",
  },
  examBound: {
    endpoint: examApi.bound,
    query: "exam.bound.query",
    access: access.menu([examBinding.menuKey]),
    summary: "Exam: the papers bound to live roomid, in binding order; answers content (array)",
  },
  examPapers: {
    endpoint: examApi.papers,
    query: "exam.papers.query",
    access: access.menu([examBinding.menuKey]),
    summary: "Exam: the organisation's papers, newest first; answers content.resultset and content.total",
  },
  examBind: {
    endpoint: examApi.bind,
    body: "exam.bind",
    query: "exam.bind.query",
    access: access.menu([examBinding.menuKey]),
    summary: "Exam: binds paper_id to live roomid; binding a bound paper again changes nothing",
  },
  examUnbind: {
    endpoint: examApi.unbind,
    query: "exam.unbind.query",
    access: access.menu([examBinding.menuKey]),
    summary: "Exam: unbinds paper_id from live roomid; unbinding an unbound paper changes nothing",
  },
});
