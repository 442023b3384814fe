import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import type { MessageGroup, PortalMessage } from "../../../../resources/portal/portal";
import { portalScreens } from "../../../../resources/portal/screens";
import { setHttpAdapter } from "../../../../providers/http";
import { engineRegistry } from "../../../../src/app/engine-registry";
import { CallScreen } from "../../../../src/engine/call-screen";
import { EngineRegistryProvider } from "../../../../src/engine/registry";
import { fail, fakeServer, ok, type SeenRequest } from "../support/fake-server";
import { renderPage, where } from "../../../users/client/render-page";

/**
 * A declared master–detail screen (resources/kernel/call-list.ts `detail`), as the portal's 消息
 * declares it: the groups' list, the chosen one kept in the address and its messages beside it,
 * read page after page by a cursor as 加载更多 asks.
 */

afterEach(() => setHttpAdapter());

const at = (daysAgo: number) => dayjs().subtract(daysAgo, "day").format("YYYY-MM-DD HH:mm:ss");
const message = (id: number): PortalMessage => ({ Id: id, Msg: `第${id}条消息`, CreateTime: at(30 - id) });
const groups: MessageGroup[] = [
  { id: 1, name: "示例学校", lastMsg: "第25条消息", lastTime: at(5) },
  { id: 2, name: "第二学校", lastMsg: "", lastTime: "" },
];

type Messages = (request: SeenRequest) => unknown;
/** Group 1 answers two pages, 25…21 and then 20…18; group 2 has none. */
const twoPages: Messages = (r) =>
  r.params?.ts === undefined ? ok({ groups, messages: [25, 24, 23, 22, 21].map(message), next: 21 }) : ok({ groups, messages: [20, 19, 18].map(message), next: null });

function render(url: string, messages: Messages = twoPages) {
  const server = fakeServer({
    "GET /api/v1/appgroupmsg": (r: SeenRequest) =>
      r.params?.groupid === undefined ? ok({ groups, messages: [], next: null }) : r.params.groupid === "2" ? ok({ groups, messages: [], next: null }) : messages(r),
  });
  renderPage(
    url,
    <EngineRegistryProvider registry={engineRegistry}>
      <CallScreen decl={portalScreens.message} params={{ user_type: 0 }} />
    </EngineRegistryProvider>,
  );
  return server;
}

/** The detail's card (the second: the list's is the first). */
const detail = () => document.querySelectorAll<HTMLElement>(".ant-card")[1];
const shown = () => [...(detail()?.querySelectorAll(".ant-table-row td:first-child") ?? [])].map((cell) => cell.textContent);

describe("a declared master–detail screen (消息)", () => {
  it("lists the groups with their letter, last message and time, and asks for one to be chosen", async () => {
    const server = render("/stuIndex/message");
    expect(await screen.findByRole("link", { name: "示例学校" })).toBeTruthy();
    expect(screen.getByText("消息分组")).toBeTruthy();
    expect(screen.getByText("示")).toBeTruthy();
    expect(screen.getByText("第25条消息")).toBeTruthy();
    expect(screen.getByText(groups[0].lastTime.slice(5, 16))).toBeTruthy();
    expect(screen.getByText("暂无消息")).toBeTruthy();
    expect(screen.getByText("选择左侧的分组查看消息")).toBeTruthy();
    expect(server.calls("GET /api/v1/appgroupmsg").map((call) => call.params)).toEqual([{ user_type: 0 }]);
  });

  it("keeps the chosen group in the address, marks it, and draws its messages; 加载更多 appends the older page", async () => {
    const server = render("/stuIndex/message");
    fireEvent.click(await screen.findByRole("link", { name: "示例学校" }));
    expect(where()).toBe("/stuIndex/message?group=1");
    await waitFor(() => expect(shown()).toEqual(["第25条消息", "第24条消息", "第23条消息", "第22条消息", "第21条消息"]));
    expect(screen.getByRole("link", { name: "示例学校" }).getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("link", { name: "示例学校" }).closest("tr")!.getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("link", { name: "第二学校" }).getAttribute("aria-current")).toBeNull();
    expect(within(detail().querySelector<HTMLElement>(".ant-card-head")!).getByText("示例学校")).toBeTruthy();
    expect(server.calls("GET /api/v1/appgroupmsg").at(-1)!.params).toEqual({ user_type: 0, groupid: "1" });

    fireEvent.click(screen.getByRole("button", { name: "加载更多" }));
    await waitFor(() => expect(shown()).toEqual(["第25条消息", "第24条消息", "第23条消息", "第22条消息", "第21条消息", "第20条消息", "第19条消息", "第18条消息"]));
    expect(server.calls("GET /api/v1/appgroupmsg").at(-1)!.params).toEqual({ user_type: 0, groupid: "1", ts: 21 });
    // The oldest page answers no next cursor: nothing more to ask for.
    expect(screen.queryByRole("button", { name: "加载更多" })).toBeNull();
  });

  it("opens the group the address names, and says 暂无消息 for a group without messages", async () => {
    render("/stuIndex/message?group=2");
    await waitFor(() => expect(detail().querySelector(".ant-card-head")?.textContent).toBe("第二学校"));
    await waitFor(() => expect(within(detail().querySelector<HTMLElement>(".ant-card-body")!).getByText("暂无消息")).toBeTruthy());
    expect(screen.queryByText("选择左侧的分组查看消息")).toBeNull();
  });

  it("says 消息加载失败 with 重试 when a read fails, keeping the pages read before it", async () => {
    let older = 0;
    render("/stuIndex/message?group=1", (r) => (r.params?.ts === undefined ? twoPages(r) : older++ === 0 ? fail(500, "服务器内部错误") : twoPages(r)));
    fireEvent.click(await screen.findByRole("button", { name: "加载更多" }));
    expect(await screen.findByText("消息加载失败")).toBeTruthy();
    expect(shown()).toHaveLength(5);
    fireEvent.click(screen.getByRole("button", { name: /重\s*试/ }));
    await waitFor(() => expect(shown()).toHaveLength(8));
    expect(screen.queryByText("消息加载失败")).toBeNull();
  });

  it("says 消息加载失败 when the groups cannot be read", async () => {
    fakeServer({ "GET /api/v1/appgroupmsg": fail(500, "服务器内部错误") });
    renderPage(
      "/stuIndex/message",
      <EngineRegistryProvider registry={engineRegistry}>
        <CallScreen decl={portalScreens.message} params={{ user_type: 0 }} />
      </EngineRegistryProvider>,
    );
    expect(await screen.findByText("消息加载失败")).toBeTruthy();
    expect(screen.getByRole("button", { name: /重\s*试/ })).toBeTruthy();
  });
});
