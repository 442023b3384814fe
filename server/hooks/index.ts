import type { ResourceHooks, SingleHooks } from "../engine/hooks";
import { adTemplateHooks } from "./ad-template";
import { emulateTemplateHooks } from "./emulate-template";
import { notifyPersonHooks } from "./notify-person";
import { productTemplateHooks } from "./product-template";
import { pushConfigHooks } from "./push-config";

/** Hooks by the name a table declaration gives them (`table.hooks`); see server/engine/hooks.ts. */
const registry: Record<string, ResourceHooks> = {
  "product-template": productTemplateHooks,
  "ad-template": adTemplateHooks,
  "emulate-template": emulateTemplateHooks,
  "notify-person": notifyPersonHooks,
};

/** A declaration naming a hook nobody wrote is a mistake found at start-up, not at the first call. */
export function hooksNamed(name: string): ResourceHooks {
  const hooks = registry[name];
  if (!hooks) throw new Error(`no hooks named ${name} (server/hooks/index.ts)`);
  return hooks;
}

/** Hooks of single-record declarations by the name their table gives them (`table.hooks`). */
const singleRegistry: Record<string, SingleHooks> = {
  "push-config": pushConfigHooks,
};

export function singleHooksNamed(name: string): SingleHooks {
  const hooks = singleRegistry[name];
  if (!hooks) throw new Error(`no single-record hooks named ${name} (server/hooks/index.ts)`);
  return hooks;
}
