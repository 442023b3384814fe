import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it } from "vitest";
import emulateTemplate from "../../../resources/lives/emulate-template";
import { setHttpAdapter } from "../../../providers/http";
import { adminPages } from "../../../src/app/admin-pages";
import { resourceAnswers } from "../../../stories/engine/engine-answers";
import { liveFormAnswers, sampleTemplates } from "../../../stories/lives-form/live-form-answers";
import { mockAdapter, type MockCall } from "../../../stories/mock-api";
import { renderPage, tableRows } from "../../kernel/client/engine/support";
import { button, findButton, field, found, toasts } from "./live-form-support";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

afterEach(() => setHttpAdapter());

/** The templates' engine answers over `rows`, with the pickers' teachers and assistants. */
function serveTemplates(count: number) {
  const calls: MockCall[] = [];
  const rows = sampleTemplates(count) as unknown as Record<string, unknown>[];
  setHttpAdapter(mockAdapter([...liveFormAnswers(), ...resourceAnswers(emulateTemplate, rows)], { delayMs: 0, onCall: (call) => calls.push(call) }));
  return { of: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

/** The page the console shows at `route` (the engine's, generated from resources/lives/emulate-template.ts). */
const open = (route: string, entry = route) => {
  const Page = adminPages[route];
  return renderPage(route, <Suspense fallback={null}><Page /></Suspense>, entry);
};

describe("/fzLiveTemplate (2 §2), generated from its declaration", () => {
  it("lists templates with their first three teachers and assistants, and voids one after 确定要作废…", async () => {
    const server = serveTemplates(4);
    open("/fzLiveTemplate");
    await waitFor(() => expect(tableRows()).toHaveLength(4));
    const fourth = [...document.querySelectorAll<HTMLElement>(".ant-table-row")][3];
    expect(fourth.querySelectorAll(".ant-tag")).toHaveLength(6);
    expect(fourth.textContent).toContain("+1");
    fireEvent.click(button("作废", fourth)!);
    const confirm = await found(".ant-modal-confirm");
    expect(confirm.textContent).toContain("确定要作废仿真直播模板「暑期班介绍」吗？作废后不可恢复");
    fireEvent.click(button("确定", confirm)!);
    await waitFor(() => expect(server.of("DELETE", "/cms/emulatelive")).toHaveLength(1));
    expect(server.of("DELETE", "/cms/emulatelive")[0].query).toMatchObject({ id: 303 });
    await waitFor(() => expect(toasts()).toContain("作废成功"));
  });

  it("goes to /changeFzLive for a change, and to /createFzLive to add", async () => {
    serveTemplates(2);
    open("/fzLiveTemplate");
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    fireEvent.click(button("修改", document.querySelectorAll<HTMLElement>(".ant-table-row")[0])!);
    expect((await screen.findByTestId("landed")).textContent).toBe("/changeFzLive?liveId=300&courseType=1");
    cleanup();
    open("/fzLiveTemplate");
    fireEvent.click(await findButton("创建模板"));
    expect((await screen.findByTestId("landed")).textContent).toBe("/createFzLive");
  });
});

describe("/changeFzLive (2 §2), the engine's edit page", () => {
  it("reads the template by the id in the address, keeps its type fixed, saves and returns to the list", async () => {
    const server = serveTemplates(3);
    open("/changeFzLive", "/changeFzLive?liveId=301&courseType=1");
    const title = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>("input#root_title");
      if (!input?.value) throw new Error("not filled yet");
      return input;
    });
    expect(title.value).toBe("高考数学公开课回放");
    expect(server.of("GET", "/cms/emulateliveinfo")[0].query).toMatchObject({ id: 301 });
    expect(field("直播类型").querySelector(".ant-select")).toBeNull();
    expect(field("直播类型").textContent).toContain("大班课");
    await waitFor(() => expect(field("老师").textContent).toContain("王伟"));
    fireEvent.change(title, { target: { value: "高考数学公开课（精选）" } });
    fireEvent.click(button("确定")!);
    await waitFor(() => expect(server.of("PATCH", "/cms/emulatelive")).toHaveLength(1));
    expect(server.of("PATCH", "/cms/emulatelive")[0].body).toMatchObject({ id: 301, title: "高考数学公开课（精选）", livetype: 1, begintime: "2026-10-19 19:00:00" });
    expect((await screen.findByTestId("landed")).textContent).toBe("/fzLiveTemplate");
  });

  it("says a template that is not there could not be read", async () => {
    serveTemplates(1);
    open("/changeFzLive", "/changeFzLive?liveId=999&courseType=1");
    await waitFor(() => expect(document.body.textContent).toContain("仿真直播模板加载失败"));
    expect(within(document.body).getByText("仿真直播模板不存在")).toBeTruthy();
  });
});
