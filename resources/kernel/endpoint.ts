/** The host kinds of the spec (1 §7); `/config.json` gives each a base address. */
export const hostKinds = [
  "cms", "home", "liveStat", "liveClass", "upload", "uploadVod", "mediaManager", "cloudDisk",
  "cloudDiskUpload", "chatManager", "liveValidator", "liveStatistics", "groupCertification",
  "exam", "openIframe",
] as const;
export type HostKind = (typeof hostKinds)[number];

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** One call of the wire contract: the client calls it, the server answers it. */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  host: HostKind;
}

/** `ep("GET /cms/trylogin")`: an endpoint written the way the spec writes it. */
export function ep(spec: `${HttpMethod} /${string}`, host: HostKind = "cms"): Endpoint {
  const [method, path] = spec.split(" ") as [HttpMethod, string];
  return { method, path, host };
}
