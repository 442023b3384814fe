import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { cloudDisk, cloudDiskApi, type CloudItem } from "../../../resources/cloud-disk/cloud-disk";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { hostPrefixes, type Config } from "../../../server/config";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { call } from "../../users/server/users-helpers";

export type Answer<T = unknown> = { status: number; body: { code: number; msg: string; data: T; count?: number } };

/** The demo people the disk tests act as: admins of both schools, the teacher, the assistant, the student. */
export interface DiskWorld {
  s: TestServer;
  /** The server listening on loopback, for uploads over real connections. */
  base: string;
  admin: string;
  teacher: string;
  assistant: string;
  student: string;
  otherAdmin: string;
}

export async function startDisk(config: Partial<Config> = {}): Promise<DiskWorld> {
  const s = await startTestServer({ config });
  await s.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = s.app.server.address() as AddressInfo;
  return {
    s,
    base: `http://127.0.0.1:${port}`,
    admin: await signIn(s.app, "13800000000", "admin"),
    teacher: await signIn(s.app, "13800000001", "teacher"),
    assistant: await signIn(s.app, "13800000002", "assistant"),
    student: await signIn(s.app, "13800000003", "student"),
    otherAdmin: await signIn(s.app, "13900000000", "admin"),
  };
}

/** A call of the cloud disk as the data provider makes it. */
export const disk = <T = unknown>(app: FastifyInstance, cookie: string, endpoint: Endpoint, params: Record<string, unknown> = {}) =>
  call(app, cookie, endpoint, params) as Promise<Answer<T>>;

export const url = (endpoint: Endpoint) => (hostPrefixes[endpoint.host] ?? "") + endpoint.path;

/** Adds a folder; answers it. */
export async function folder(app: FastifyInstance, cookie: string, name: string, parentid = 0): Promise<CloudItem> {
  const res = await disk<CloudItem>(app, cookie, cloudDiskApi.add, { parentid, filetype: 0, name });
  if (res.body.code !== 0) throw new Error(`folder ${name}: ${res.body.msg}`);
  return res.body.data;
}

/** Bytes that open like a file of `ext` and differ every time (so md5 reuse is only what a test means). */
export function fileBytes(ext: "pdf" | "png" | "pptx" | "mp4", size = 2048): Buffer {
  const head = {
    pdf: Buffer.from("%PDF-1.4\n"),
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pptx: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    mp4: Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]),
  }[ext];
  return Buffer.concat([head, crypto.randomBytes(Math.max(0, size - head.length))]);
}

export const md5 = (bytes: Buffer) => crypto.createHash("md5").update(bytes).digest("hex");

/** What a browser sends with every tus request. */
export const tusHeaders = (cookie: string, token: string) => ({ cookie, "tus-resumable": "1.0.0", [cloudDisk.tokenHeader]: token });

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/** `/preupload` then the tus creation: answers the upload's videoid, token and address. */
export async function beginUpload(w: DiskWorld, cookie: string, name: string, size: number) {
  const token = await disk<{ token: string; addr: string; videoid: string }>(w.s.app, cookie, cloudDiskApi.token, { name, size });
  if (token.body.code !== 0) throw new Error(`token for ${name}: ${token.body.msg}`);
  const { videoid } = token.body.data;
  const created = await fetch(w.base + token.body.data.addr, {
    method: "POST",
    headers: { ...tusHeaders(cookie, token.body.data.token), "upload-length": String(size), "upload-metadata": metadata({ filename: name, videoid }) },
  });
  return { ...token.body.data, created, location: created.headers.get("location") ?? "" };
}

/** Sends `bytes` from `offset` in one PATCH. */
export function patch(w: DiskWorld, cookie: string, token: string, location: string, bytes: Buffer, offset: number) {
  return fetch(w.base + location, {
    method: "PATCH",
    headers: { ...tusHeaders(cookie, token), "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes.subarray(offset)),
  });
}

/** A whole upload and the add that puts it in a folder: what the page does for a file the organisation does not hold. */
export async function uploadFile(w: DiskWorld, cookie: string, name: string, bytes: Buffer, parentid = 0): Promise<CloudItem> {
  const started = await beginUpload(w, cookie, name, bytes.length);
  if (started.created.status !== 201) throw new Error(`tus creation of ${name}: ${started.created.status} ${await started.created.text()}`);
  const sent = await patch(w, cookie, started.token, started.location, bytes, 0);
  if (sent.status !== 204) throw new Error(`tus patch of ${name}: ${sent.status} ${await sent.text()}`);
  const added = await disk<CloudItem>(w.s.app, cookie, cloudDiskApi.add, { parentid, filetype: 1, docid: started.videoid, name, md5: md5(bytes) });
  if (added.body.code !== 0) throw new Error(`add of ${name}: ${added.body.msg}`);
  return added.body.data;
}

/** Every row of a folder. */
export async function listing(app: FastifyInstance, cookie: string, parentid = 0, endpoint = cloudDiskApi.list): Promise<CloudItem[]> {
  const res = await disk<CloudItem[]>(app, cookie, endpoint, { parentid, count: 500 });
  if (res.body.code !== 0) throw new Error(`list: ${res.body.msg}`);
  return res.body.data;
}

export const names = (items: CloudItem[]) => items.map((i) => i.name);

/** The random name a file is stored under: its address is `/cloud-disk/objects/<stored>/<the name it is shown as>`. */
export const storedOf = (item: Pick<CloudItem, "url">) => item.url.split("/")[3];
