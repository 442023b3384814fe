import { Refine } from "@refinedev/core";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { accessControlProvider } from "../../../providers/access-control";
import { createDataProvider } from "../../../providers/data-provider";
import { setHosts } from "../../../providers/hosts";
import { notificationProvider } from "../../../providers/notify";
import { moderationMessages } from "../../../resources/moderation/moderation-api";
import { chatManager } from "../../../resources/moderation/screens";
import { chatMsgText, type ChatRecord } from "../../../resources/rooms/room-api";
import { engineRegistry } from "../../../src/app/engine-registry";
import { CallScreen } from "../../../src/engine/call-screen";
import { EngineRegistryProvider } from "../../../src/engine/registry";
import { fakeServer, ok, type SeenRequest } from "../../kernel/client/support/fake-server";

/**
 * /chatManager?liveId (issue 20 items 1, 3): the declared tabs over the chat list, the moderation
 * area's actions with the spec's words, the keyboard flow and the count in the title, the reply
 * dialog's rules; a tab changed keeps the live in the address.
 */

const record = (id: number, name: string, txt: string, type: 0 | 1 | -1): ChatRecord => ({ id, liveid: 5, userid: `i${id + 100}`, userdbid: id + 100, name, msg: chatMsgText(txt), time: "10:00:00", type });

function chatService() {
  const rows = [record(2, "乙同学", "第二句", 0), record(1, "甲同学", "<b>第一句</b>", 0), record(3, "丙同学", "通过的话", 1)];
  return fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["liveop"] }),
    "POST /chat-manager/getchatlist": (r: SeenRequest) => {
      const of = rows.filter((row) => row.type === Number(r.body?.type));
      return ok({ historymsg: of, total: of.length });
    },
    "POST /chat-manager/chatpass": (r: SeenRequest) => {
      for (const row of rows) if ((r.body?.chatids as number[]).includes(row.id)) row.type = 1;
      return ok({ count: 1 }, { msg: "审核成功" });
    },
    "POST /chat-manager/chatreplay": () => ok({}, { msg: "回复成功" }),
  });
}

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderPage() {
  return render(
    <ConfigProvider locale={zhCN}>
      <MemoryRouter initialEntries={["/chatManager?liveId=5"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Refine dataProvider={createDataProvider()} accessControlProvider={accessControlProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
          <Routes>
            <Route path="/chatManager" element={<EngineRegistryProvider registry={engineRegistry}><CallScreen decl={chatManager} /></EngineRegistryProvider>} />
          </Routes>
          <Where />
        </Refine>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

beforeEach(() => {
  setHosts({ chatManager: `${window.location.origin}/chat-manager` });
  document.title = "聊天管理 - Lectern";
});
afterEach(() => setHosts(null));

describe("/chatManager", () => {
  it("lists the live's unreviewed messages as text, counts them in the title, and passes the row chosen by j and p", async () => {
    const server = chatService();
    renderPage();
    expect(await screen.findByText("<b>第一句</b>")).toBeTruthy();
    expect(server.calls("POST /chat-manager/getchatlist")[0].body).toMatchObject({ liveid: 5, type: 0, page: 1, count: 10 });
    await waitFor(() => expect(document.title).toBe("(2) 聊天管理 - Lectern"));

    fireEvent.click(screen.getAllByRole("button", { name: /^通\s*过$/ })[0]);
    expect(await screen.findByText(moderationMessages.chooseToReview)).toBeTruthy();
    expect(server.calls("POST /chat-manager/chatpass")).toHaveLength(0);

    fireEvent.keyDown(window, { key: "j" });
    fireEvent.keyDown(window, { key: "j" });
    fireEvent.keyDown(window, { key: "p" });
    await waitFor(() => expect(server.calls("POST /chat-manager/chatpass")).toHaveLength(1));
    expect(server.calls("POST /chat-manager/chatpass")[0].body).toEqual({ liveid: 5, chatids: [1] });
    expect(await screen.findByText(moderationMessages.passed)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("(1) 聊天管理 - Lectern"));
  });

  it("keeps the live in the address when the tab changes, and asks that tab's messages", async () => {
    const server = chatService();
    renderPage();
    await screen.findByText("第二句");
    fireEvent.click(screen.getByRole("tab", { name: "已通过" }));
    expect(await screen.findByText("通过的话")).toBeTruthy();
    expect(screen.getByTestId("where").textContent).toBe("/chatManager?liveId=5&tab=approved");
    expect(server.calls("POST /chat-manager/getchatlist").at(-1)!.body).toMatchObject({ liveid: 5, type: 1 });
  });

  it("replies with Enter blocked, refusing an empty reply, to the sender alone when chosen", async () => {
    const server = chatService();
    renderPage();
    const row = (await screen.findByText("第二句")).closest("tr")!;
    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: "回复" }));
    const dialog = await screen.findByRole("dialog");
    const box = within(dialog).getByRole("textbox", { name: "回复内容" });
    fireEvent.click(within(dialog).getByRole("button", { name: /^发\s*送$/ }));
    expect(within(dialog).getByRole("alert").textContent).toBe(moderationMessages.replyEmpty);
    fireEvent.change(box, { target: { value: "请注意发言" } });
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    box.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    expect(box.getAttribute("maxlength")).toBe("200");
    fireEvent.click(within(dialog).getByRole("radio", { name: "仅乙同学可见" }));
    fireEvent.click(within(dialog).getByRole("button", { name: /^发\s*送$/ }));
    await waitFor(() => expect(server.calls("POST /chat-manager/chatreplay")).toHaveLength(1));
    expect(server.calls("POST /chat-manager/chatreplay")[0].body).toEqual({ liveid: 5, userid: "i102", userdbid: 102, msg: chatMsgText("请注意发言") });
    expect(await screen.findByText(moderationMessages.replied)).toBeTruthy();
  });
});
