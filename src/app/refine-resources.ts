import type { ResourceProps } from "@refinedev/core";
import { resources } from "../../resources";
import type { ResourceDecl } from "../../resources/kernel/define";
import { pathOf } from "../../resources/kernel/route";


/**
 * `<Refine resources>` from the declarations (resources/index.ts): each entity's name, its routes
 * (the address without its query, which Refine matches) and, in `meta`, its title and what its
 * access needs, read by the access-control provider (providers/access-control.ts).
 */
export function refineResource(decl: ResourceDecl): ResourceProps {
  return {
    name: decl.name,
    list: decl.route,
    create: decl.createRoute && pathOf(decl.createRoute),
    edit: decl.editRoute && pathOf(decl.editRoute),
    show: decl.show && pathOf(decl.show),
    meta: {
      label: decl.title,
      menuKey: decl.menu.key,
      menuKeys: [decl.menu.key, ...(decl.menu.alsoFor ?? [])],
      mainAdminOnly: decl.mainAdminOnly === true,
    },
  };
}

export const refineResources: ResourceProps[] = resources.map(refineResource);
