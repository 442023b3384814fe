import type { FastifyRequest } from "fastify";
import { cloudDiskKeys } from "../../../resources/cloud-disk/screens";
import { fail } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { menuKeysOf } from "../menu";

/** A disk as one call sees it: whose it is (0: the organisation's) and whether this caller may change it. */
export interface Disk {
  ownerId: number;
  writable: boolean;
}

const caller = (request: FastifyRequest) => needIdentity(request, "admin", "teacher", "assistant").identity;

/**
 * The disk a caller works on (1 §6, 2 §6): an admin holding `clouddiskop` edits the organisation's;
 * a teacher or assistant holding their personal key edits their own, which nobody else reaches.
 * Students have none. Refused with 403 before any parameter is read.
 */
export function ownDisk(request: FastifyRequest): Disk {
  const identity = caller(request);
  const keys = menuKeysOf(identity);
  if (identity.type === "admin") {
    if (!keys.has(cloudDiskKeys.org)) throw fail.forbidden();
    return { ownerId: 0, writable: true };
  }
  if (!keys.has(cloudDiskKeys.personal[identity.role as "teacher" | "assistant"])) throw fail.forbidden();
  return { ownerId: identity.id, writable: true };
}

/** The organisation's disk read as the group disk: for anyone granted `clouddiskop` (read-only to teachers and assistants). */
export function groupDisk(request: FastifyRequest): Disk {
  const identity = caller(request);
  if (!menuKeysOf(identity).has(cloudDiskKeys.org)) throw fail.forbidden();
  return { ownerId: 0, writable: identity.type === "admin" };
}

/** The disks whose files a caller may see: its own and the group disk, as far as it is granted each. */
export function readableOwners(request: FastifyRequest): number[] {
  const owners = new Set<number>();
  for (const disk of [ownDisk, groupDisk]) {
    try {
      owners.add(disk(request).ownerId);
    } catch (err) {
      if ((err as { code?: number }).code !== 403) throw err;
    }
  }
  if (owners.size === 0) throw fail.forbidden();
  return [...owners];
}

/** `group=1` reads the organisation's disk, otherwise the caller's own. */
export const diskFor = (request: FastifyRequest, group: number | undefined) => (group ? groupDisk(request) : ownDisk(request));
