import { afterEach, describe, expect, it } from "vitest";
import { ep } from "../../../resources/kernel/endpoint";
import { request, setHttpAdapter } from "../../../providers/http";
import { whenQuiet } from "../../../src/lib/when-idle";
import { fakeServer, ok } from "./support/fake-server";

afterEach(() => setHttpAdapter());

describe("work for later", () => {
  it("waits for the page's requests to be done and quiet, then for the browser to be idle", async () => {
    let answer!: () => void;
    fakeServer({ "GET /cms/slow": () => new Promise((resolve) => (answer = () => resolve(ok("done")))) });
    const slow = request(ep("GET /cms/slow"));
    let ranAt = 0;
    let answeredAt = 0;
    const ran = new Promise<void>((resolve) => whenQuiet(() => resolve(void (ranAt = Date.now())), 100));
    // Still waiting while the request is on its way.
    await expect.poll(() => typeof answer).toBe("function");
    expect(ranAt).toBe(0);
    answeredAt = Date.now();
    answer();
    await slow;
    await ran;
    expect(ranAt - answeredAt).toBeGreaterThanOrEqual(100);
  });

  it("is cancelled by its cancel", async () => {
    fakeServer({});
    let ran = false;
    const cancel = whenQuiet(() => void (ran = true), 10);
    cancel();
    const later = new Promise<void>((resolve) => whenQuiet(resolve, 20));
    await later;
    expect(ran).toBe(false);
  });
});
