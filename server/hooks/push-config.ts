import type { SingleHooks } from "../engine/hooks";
import { fail } from "../plugins/envelope";
import { forgetPushConfig } from "../services/data-push/emit";
import { checkPushUrl, parsePushUrl } from "../services/data-push/url-guard";
import { named, pushGroups, pushMessages, type PushApiEntry, type PushGroup } from "../../resources/data-push/push-api";

const verdictMessages = { invalid: pushMessages.urlInvalid, unresolved: pushMessages.urlUnresolved, private: pushMessages.urlPrivate } as const;

/**
 * The push config's rules beyond its schema (3 §5): the groups and apis are the declared ones,
 * named as declared, whatever was sent; each api switched on needs its address
 * (请输入【name】接口地址); an address must be http(s) and, switched on, resolve to no loopback,
 * private or reserved address unless the operator allows them (url-guard.ts). Entries are judged
 * in the page's order, so the message names the first the person would look at.
 */
export const pushConfigHooks: SingleHooks = {
  async check(sent, { config }) {
    if (!Array.isArray(sent.config)) return sent;
    const given = new Map((sent.config as PushGroup[]).flatMap((group) => group.apis).map((api) => [api.event, api]));
    const groups: PushGroup[] = pushGroups.map((group) => ({
      name: group.name,
      apis: group.apis.map((api): PushApiEntry => ({ event: api.event, name: api.name, url: (given.get(api.event)?.url ?? "").trim(), status: given.get(api.event)?.status === 1 ? 1 : 0 })),
    }));
    for (const api of groups.flatMap((group) => group.apis)) {
      if (api.status === 1 && !api.url) throw fail.bad(named(pushMessages.urlMissing, api.name), "config");
      if (api.url && !parsePushUrl(api.url)) throw fail.bad(named(pushMessages.urlInvalid, api.name), "config");
    }
    const switchedOn = groups.flatMap((group) => group.apis).filter((api) => api.status === 1);
    const verdicts = await Promise.all(switchedOn.map((api) => checkPushUrl(api.url, config.pushAllowPrivate)));
    verdicts.forEach((verdict, i) => {
      if (!verdict.ok) throw fail.bad(named(verdictMessages[verdict.reason], switchedOn[i].name), "config");
    });
    return { ...sent, config: groups };
  },
  saved(_record, { scope }) {
    forgetPushConfig(scope);
  },
};
