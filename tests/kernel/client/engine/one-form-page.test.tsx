import { cleanup, waitFor } from "@testing-library/react";
import { Suspense, type ComponentProps } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setHttpAdapter } from "../../../../providers/http";
import { enginePages } from "../../../../src/engine/pages";
import { savesThroughResource } from "../../../../src/engine/use-form-save";
import { fakeServer, ok } from "../support/fake-server";
import { renderPage } from "./support";

// Every declaration the one full-page form component draws, by route, and how it saves.
const drawn = vi.hoisted(() => new Map<string, "resource" | "call">());

vi.mock("../../../../src/engine/form-page", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../../src/engine/form-page")>();
  return {
    ...actual,
    FormPage: (props: ComponentProps<typeof actual.FormPage>) => {
      drawn.set(props.decl.route, savesThroughResource(props.decl.save) ? "resource" : "call");
      return actual.FormPage(props);
    },
  };
});

afterEach(() => setHttpAdapter());

describe("one component for every routed full-page form", () => {
  it("draws a resource's own create and edit pages and the declared form pages, each saving its own way", async () => {
    fakeServer({ "GET /cms/loginrouter": ok({ groups: [], keys: [] }) });
    const routes = ["/createAdmin", "/changeFzLive", "/createLive", "/liveSetting"];
    for (const route of routes) {
      const Page = enginePages[route];
      renderPage(route, <Suspense fallback={null}><Page /></Suspense>);
      await waitFor(() => expect(drawn.has(route)).toBe(true));
      cleanup();
    }
    expect(Object.fromEntries(drawn)).toEqual({ "/createAdmin": "resource", "/changeFzLive": "resource", "/createLive": "call", "/liveSetting": "call" });
  });
});
