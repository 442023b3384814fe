import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { userLiveStatus } from "../../../resources/live-monitor/live-monitor";
import { setHttpAdapter } from "../../../providers/http";
import { ResourceTable } from "../../../src/engine/resource-table";
import { fakeServer, ok, type SeenRequest } from "../../kernel/client/support/fake-server";
import { renderPage, tableRows } from "../../kernel/client/engine/support";

afterEach(() => setHttpAdapter());

/**
 * /userLiveStatus's list as the engine draws it from the declaration (2 §3, §9): the totals the
 * answer gives beside its rows, online 1/0 in words, and 0 seconds online labelled absent.
 */
describe("who is online", () => {
  it("shows the totals above the rows, each student's status, and 缺勤 for no time online", async () => {
    const server = fakeServer({
      "GET /cms/loginrouter": ok({ groups: [], keys: [userLiveStatus.menu.key] }),
      "GET /cms/intercheck": ok(),
      "GET /cms/userlivestatus": (request: SeenRequest) =>
        ok(
          {
            users: [
              { userid: 2, name: "林俊", username: "小林", mobile: "13730000001", device: "pc", status: 1, onlinets: 3725 },
              { userid: 1, name: "赵同学", username: "", mobile: "13800000003", device: "", status: 0, onlinets: 0 },
            ],
            total: 2,
            onlinenum: 1,
            sharenum: 3,
            title: "第一讲",
            count: request.params?.online === undefined ? 2 : 1,
          },
          { count: 2 },
        ),
    });
    renderPage("/userLiveStatus", <ResourceTable decl={userLiveStatus} />);
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const summary = screen.getByRole("group", { name: "汇总" }).textContent;
    expect(summary).toContain("学生总数2");
    expect(summary).toContain("在线人数1");
    expect(summary).toContain("分享观看人数3");
    expect(tableRows()).toEqual([
      ["林俊", "小林", "13730000001", "pc", "在线", "1小时2分5秒"],
      ["赵同学", "-", "13800000003", "-", "离线", "缺勤"],
    ]);
    expect(server.calls("GET /cms/userlivestatus")[0].params).toMatchObject({ page: 1, count: 10 });
  });
});
