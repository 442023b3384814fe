import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ep } from "../../../../resources/kernel/endpoint";
import { definePicker } from "../../../../resources/kernel/picker";
import { setHttpAdapter } from "../../../../providers/http";
import { TwoPanePicker } from "../../../../src/engine/two-pane-picker";
import { mockAdapter, okEnvelope, type MockCall, type MockHandler } from "../../../../stories/mock-api";
import { renderPage } from "../../../users/client/render-page";

/** A picker of no feature: members of a club, by the engine's declaration alone. */
const picker = definePicker({
  name: "club-members",
  menu: { group: "user", key: "clubop" },
  title: "成员管理",
  noun: "成员",
  id: "Id",
  label: "Name",
  columns: [{ field: "Name", title: "姓名" }],
  search: { param: "key", placeholder: "请输入姓名" },
  pageSize: 5,
  unit: "人",
  rowParam: "userid",
  panes: [
    {
      title: "未加入成员",
      api: { list: ep("GET /cms/outsiders"), search: ep("GET /cms/outsiderssearch") },
      ownerParam: "id",
      action: { label: "添加", endpoint: ep("POST /cms/member"), ownerParam: "clubid", doneText: "添加成功" },
      emptyText: "没有未加入的成员",
    },
    {
      title: "已加入成员",
      api: { list: ep("GET /cms/members"), search: ep("GET /cms/memberssearch") },
      ownerParam: "clubid",
      action: { label: "移除", endpoint: ep("DELETE /cms/member"), ownerParam: "clubid", doneText: "删除成功", confirm: "确定将「{names}」移出本社团吗？" },
      emptyText: "还没有成员",
    },
  ],
});

const people = Array.from({ length: 12 }, (_, i) => ({ Id: 1 + i, Name: `成员${i + 1}` }));

function serve() {
  let inClub: number[] = [];
  const calls: MockCall[] = [];
  const page = (member: boolean): MockHandler => ({ query }) => {
    const hits = people.filter((p) => inClub.includes(p.Id) === member && p.Name.includes(String(query.key ?? "")));
    const n = Number(query.page);
    return okEnvelope(hits.slice((n - 1) * 5, n * 5), { count: hits.length });
  };
  const [outsiders, members] = picker.panes.map((pane) => pane.api.list);
  setHttpAdapter(
    mockAdapter(
      [
        [outsiders, page(false)],
        [members, page(true)],
        [picker.panes[0].action.endpoint, ({ body }) => ((inClub = [...inClub, Number(body.userid)]), okEnvelope(null))],
        [picker.panes[1].action.endpoint, ({ query }) => ((inClub = inClub.filter((id) => id !== Number(query.userid))), okEnvelope(null))],
      ],
      { delayMs: 0, onCall: (call) => calls.push(call) },
    ),
  );
  return (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
}

const pane = (title: string) => within(screen.getByRole("region", { name: title }));
const names = (title: string) =>
  [...document.querySelectorAll(`[aria-label="${title}"] .ant-table-tbody tr.ant-table-row td.ant-table-selection-column + td`)].map((cell) => cell.textContent);
const activePage = (title: string) => document.querySelector(`[aria-label="${title}"] .ant-pagination-item-active`)?.textContent;

afterEach(() => setHttpAdapter());

describe("a declared two-pane picker", () => {
  it("adds the picked rows, refreshes both panes, keeps each pane's page, and asks before removing", async () => {
    const of = serve();
    renderPage("/clubop", <TwoPanePicker picker={picker} owner={{ id: 9, title: "围棋社" }} onClose={vi.fn()} />);
    expect(screen.getByText("成员管理 - 围棋社")).toBeTruthy();
    await waitFor(() => expect(names("未加入成员")).toHaveLength(5));
    expect(pane("已加入成员").getByText("还没有成员")).toBeTruthy();
    expect(of("GET", "/cms/outsiders")[0].query).toEqual({ id: 9, page: 1, count: 5 });

    // Paging one pane leaves the other where it is.
    fireEvent.click(document.querySelector<HTMLElement>('[aria-label="未加入成员"] .ant-pagination-item-2')!);
    await waitFor(() => expect(names("未加入成员")[0]).toBe("成员6"));

    fireEvent.click(pane("未加入成员").getByRole("checkbox", { name: "选择成员6" }));
    fireEvent.click(pane("未加入成员").getByRole("checkbox", { name: "选择成员8" }));
    fireEvent.click(pane("未加入成员").getByRole("button", { name: "添加所选（2）" }));
    await waitFor(() => expect(names("已加入成员")).toEqual(["成员6", "成员8"]));
    expect(of("POST", "/cms/member").map((call) => call.body)).toEqual([{ userid: 6, clubid: 9 }, { userid: 8, clubid: 9 }]);
    await waitFor(() => expect(names("未加入成员")).toEqual(["成员7", "成员9", "成员10", "成员11", "成员12"]));
    expect(activePage("未加入成员")).toBe("2");
    expect(activePage("已加入成员")).toBe("1");
    expect(screen.getByText("未加入成员（10）")).toBeTruthy();
    expect(screen.getByText("已加入成员（2）")).toBeTruthy();
    // The picked rows went with the add.
    expect(pane("未加入成员").getByRole("button", { name: "添加所选" })).toHaveProperty("disabled", true);

    // 移除 asks first; 取消 sends nothing.
    fireEvent.click(pane("已加入成员").getByRole("button", { name: "移除成员8" }));
    const asked = await waitFor(() => within(document.querySelector<HTMLElement>(".ant-modal-confirm")!));
    expect(asked.getByText("确定将「成员8」移出本社团吗？")).toBeTruthy();
    fireEvent.click(asked.getByRole("button", { name: /^取\s?消$/ }));
    await waitFor(() => expect(document.querySelector(".ant-modal-confirm")).toBeNull());
    expect(of("DELETE", "/cms/member")).toHaveLength(0);

    fireEvent.click(pane("已加入成员").getByRole("button", { name: "移除成员8" }));
    fireEvent.click((await waitFor(() => within(document.querySelector<HTMLElement>(".ant-modal-confirm")!))).getByRole("button", { name: /^确\s?定$/ }));
    await waitFor(() => expect(names("已加入成员")).toEqual(["成员6"]));
    expect(of("DELETE", "/cms/member")[0].query).toEqual({ userid: 8, clubid: 9 });
    await waitFor(() => expect(names("未加入成员")[0]).toBe("成员7"));
    expect(activePage("未加入成员")).toBe("2");
  });
});
