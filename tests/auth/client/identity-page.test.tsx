import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setHosts } from "../../../providers/hosts";
import { setHttpAdapter } from "../../../providers/http";
import { pageLocation } from "../../../providers/location";
import { sessionStore } from "../../../providers/session-store";
import { IdentityPage } from "../../../src/features/auth/identity-page";
import { fail, fakeServer, ok } from "../../kernel/client/support/fake-server";
import { renderAt } from "../../kernel/client/support/render";
import { identityLists } from "../../../stories/support/fixtures";

const cardOf = (title: string) => screen.getByText(title).closest<HTMLElement>(".ant-card")!;
const row = () => cardOf(document.querySelector(".ant-card-head-title")!.textContent!).parentElement!;
const enterButton = (card: HTMLElement) => card.querySelector<HTMLButtonElement>("button")!;

function renderIdentity(list: unknown) {
  const server = fakeServer({ "GET /cms/login": list, "PATCH /cms/login": ok() });
  renderAt("/identity", <IdentityPage />);
  return server;
}

describe("identity page", () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    assign = vi.spyOn(pageLocation, "assign").mockImplementation(() => undefined);
    sessionStore.reload();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    setHttpAdapter();
    setHosts(null);
  });

  it("shows a 272px card per identity type in the order admin, assistant, teacher with a 22px gap", async () => {
    renderIdentity(ok({ admin: [{ id: 1, name: "示例学校" }], teacher: [{ id: 2, name: "第二学校" }], assistant: [{ id: 3, name: "示例学校" }], student: [] }));
    await screen.findByText("我是机构");
    const titles = [...document.querySelectorAll(".ant-card-head-title")].map((node) => node.textContent);
    expect(titles).toEqual(["我是机构", "我是助教", "我是老师"]);
    for (const title of titles) expect(cardOf(title!).style.width).toBe("272px");
    expect(row().style.gap).toBe("22px");
    expect(enterButton(cardOf("我是机构")).textContent).toMatch(/机构管理/);
    expect(enterButton(cardOf("我是老师")).textContent).toMatch(/进入课表/);
    expect(enterButton(cardOf("我是助教")).textContent).toMatch(/进入课表/);
  });

  it("uses 400px cards with a 60px gap for two cards, and preselects the first entry", async () => {
    renderIdentity(ok(identityLists.twoCards));
    await screen.findByText("我是老师");
    expect(cardOf("我是老师").style.width).toBe("400px");
    expect(cardOf("我是学生").style.width).toBe("400px");
    expect(row().style.gap).toBe("60px");
    expect((screen.getByRole("radio", { name: "第二学校" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "第三学校" }) as HTMLInputElement).checked).toBe(false);
    expect(enterButton(cardOf("我是学生")).textContent).toMatch(/开始学习/);
  });

  it("enters the only identity at once", async () => {
    const server = renderIdentity(ok({ admin: [], teacher: [{ id: 7, name: "示例学校" }], assistant: [], student: [] }));
    expect((await screen.findByTestId("landed")).textContent).toBe("/teaIndex");
    expect(server.calls("PATCH /cms/login")[0].body).toEqual({ id: 7, type: "teacher" });
    expect(document.querySelector(".ant-card")).toBeNull();
    expect(sessionStore.get()).toMatchObject({ userType: 1, identityInfo: { id: 7, name: "示例学校", type: "teacher" } });
  });

  it("shows the lone identity's card when entering it fails", async () => {
    fakeServer({ "GET /cms/login": ok({ admin: [{ id: 1, name: "示例学校" }], teacher: [], assistant: [], student: [] }), "PATCH /cms/login": fail(1, "机构已停用") });
    renderAt("/identity", <IdentityPage />);
    expect(await screen.findByText("机构已停用")).toBeTruthy();
    expect(await screen.findByText("我是机构")).toBeTruthy();
    expect(cardOf("我是机构").style.width).toBe("400px");
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it("sends a person with no identity to the application page", async () => {
    setHosts({ applyUrl: "https://www.example/apply.html" });
    renderIdentity(ok({ admin: [], teacher: [], assistant: [], student: [] }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://www.example/apply.html"));
  });

  it("asks for a selection in the card being entered, then enters the chosen one", async () => {
    const server = renderIdentity(ok({ admin: [{ id: 1, name: "示例学校" }], teacher: [], assistant: [], student: [{ id: 5, name: "示例学校" }, { id: 6, name: "第二学校" }] }));
    await screen.findByText("我是学生");
    fireEvent.click(enterButton(cardOf("我是学生")));
    expect(await screen.findByText("请选择要登录的机构")).toBeTruthy();
    expect(server.calls("PATCH /cms/login")).toHaveLength(0);

    fireEvent.click(screen.getByRole("radio", { name: "第二学校" }));
    expect((screen.getAllByRole("radio", { name: "示例学校" })[0] as HTMLInputElement).checked).toBe(false);
    fireEvent.click(enterButton(cardOf("我是学生")));
    expect((await screen.findByTestId("landed")).textContent).toBe("/stuIndex");
    expect(server.calls("PATCH /cms/login")[0].body).toEqual({ id: 6, type: "student" });
    expect(sessionStore.get().userType).toBe(0);
    expect(localStorage.getItem("userType")).toBe("0");
  });

  it("shows four empty cards when the list cannot be loaded", async () => {
    renderIdentity(fail(500, "服务异常"));
    await screen.findByText("我是机构");
    const titles = [...document.querySelectorAll(".ant-card-head-title")].map((node) => node.textContent);
    expect(titles).toEqual(["我是机构", "我是助教", "我是老师", "我是学生"]);
    expect(cardOf("我是学生").style.width).toBe("272px");
    expect(screen.queryAllByRole("radio")).toHaveLength(0);
    fireEvent.click(enterButton(cardOf("我是机构")));
    expect(await screen.findByText("请选择要登录的机构")).toBeTruthy();
  });
});
