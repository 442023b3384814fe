import { afterEach, describe, expect, it, vi } from "vitest";
import { hostKinds } from "../../../../resources/kernel/endpoint";
import { getHosts, loadHosts, setHosts } from "../../../../providers/hosts";

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

describe("hosts config", () => {
  afterEach(() => {
    setHosts(null);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("takes one base per host kind and the application page from /config.json", async () => {
    const fetchConfig = vi.fn(async () => json({ cms: "https://cms.example/", home: "/home", applyUrl: "https://www.example/apply" }));
    const hosts = await loadHosts(fetchConfig as unknown as typeof fetch);
    expect(fetchConfig).toHaveBeenCalledWith("/config.json", expect.anything());
    expect(hosts.cms).toBe("https://cms.example");
    // A relative base stays on this origin, so the dev server's proxy can answer it.
    expect(hosts.home).toBe(`${window.location.origin}/home`);
    expect(hosts.exam).toBe(window.location.origin);
    expect(hosts.applyUrl).toBe("https://www.example/apply");
    expect(getHosts()).toBe(hosts);
  });

  it("falls back to this origin for every host when the config fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const hosts = await loadHosts((async () => new Response("", { status: 502 })) as typeof fetch);
    for (const kind of hostKinds) expect(hosts[kind]).toBe(window.location.origin);
    expect(hosts.applyUrl).toBe("/apply.html");
  });

  it("gives up after about three seconds", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new Error("aborted"))))) as unknown as typeof fetch;
    const loading = loadHosts(hanging);
    await vi.advanceTimersByTimeAsync(2900);
    let settled = false;
    void loading.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect((await loading).cms).toBe(window.location.origin);
  });
});
