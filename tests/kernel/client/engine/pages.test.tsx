import { fireEvent, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callScreens, details, formPages, frames, jsonLists, panelPages, recordPages, resources, tabbedPages, teacher } from "../../../../resources";
import { enginePages } from "../../../../src/engine/pages";
import { adminMenu, me, renderConsole, session } from "../support/console";
import { ok } from "../support/fake-server";
import { familyServer, people, tableRows } from "./support";
import { isolateSession } from "../support/isolate";

describe("the engine's pages", () => {
  isolateSession();

  it("registers a page for every declared screen: lists and their list pages, full-page forms, their pages in tabs, detail pages, frames, call screens and record pages", () => {
    expect(Object.keys(enginePages).sort()).toEqual(
      [
        // A resource listed inside another page (the overview's recipients) has no page of its own.
        ...resources.flatMap((resource) => [...(resource.inPage ? [] : [resource.route]), ...(resource.listPages ?? []).map((page) => page.route)]),
        "/createAdmin",
        "/createFzLive",
        "/changeFzLive",
        ...[...formPages, ...tabbedPages, ...details, ...frames, ...callScreens, ...recordPages, ...panelPages, ...jsonLists].map((page) => page.route),
      ].sort(),
    );
    // The two detail pages of 1 §2.4, the live lists of 2 §2 and the tool frames are among them.
    expect(Object.keys(enginePages)).toEqual(expect.arrayContaining(["/teacherInfo", "/studentInfo", "/liveCourse", "/subLiveManager", "/bindExamByLive", "/recordCut", "/appidop"]));
  });

  it("draws /teacherop in the admin shell and reloads it when its menu item is clicked again", async () => {
    const server = familyServer(teacher, people(3), {
      "GET /cms/trylogin": session("admin"),
      "GET /cms/loginrouter": ok(adminMenu),
      "GET /cms/enterprisename": ok("示例学校"),
      "GET /cms/account/balance": ok({ balance: 1 }),
      "GET /api/v1/user-info": ok(me),
    });
    renderConsole("/teacherop?page=1&pageSize=20");
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(server.calls("GET /cms/teacher")[0].params).toMatchObject({ page: 1, count: 20 });
    const menuItem = [...document.querySelectorAll<HTMLElement>(".ant-layout-sider .ant-menu-item")].find((item) => item.textContent === "老师管理")!;
    fireEvent.click(menuItem);
    await waitFor(() => expect(server.calls("GET /cms/teacher")).toHaveLength(2));
    expect(server.calls("GET /cms/teacher")[1].params).toMatchObject({ page: 1, count: 10 });
    // The list's access check reads the menu the shell loaded for its sidebar.
    expect(server.calls("GET /cms/loginrouter")).toHaveLength(1);
  });
});
