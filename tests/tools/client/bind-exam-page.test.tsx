import { Refine } from "@refinedev/core";
import { accessControlProvider } from "../../../providers/access-control";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { createDataProvider } from "../../../providers/data-provider";
import { setHosts } from "../../../providers/hosts";
import { notificationProvider } from "../../../providers/notify";
import type { ExamPaper } from "../../../resources/tools/exam";
import { boundPapers } from "../../../resources/tools/screens";
import { engineRegistry } from "../../../src/app/engine-registry";
import { CallScreen } from "../../../src/engine/call-screen";
import { EngineRegistryProvider } from "../../../src/engine/registry";
import { fakeServer, ok, type SeenRequest } from "../../kernel/client/support/fake-server";

const papers: ExamPaper[] = Array.from({ length: 12 }, (_, i) => ({
  paper_id: i + 1,
  title: `试卷${i + 1}`,
  created_at: `2026-01-${String(i + 1).padStart(2, "0")} 08:00:00`,
  last_modified: `2026-01-${String(i + 1).padStart(2, "0")} 09:00:00`,
}));

/** The exam service over a live with papers 1 and 2 bound, as Lectern answers it. */
function examService() {
  const bound = new Set([1, 2]);
  const content = () => papers.filter((p) => bound.has(p.paper_id));
  return fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["examMgr"] }),
    "POST /cms/webapitokenv2": ok({ token: "T1" }),
    "GET /exam/v1/bind/paper": () => ok(content(), { content: content() }),
    "GET /exam/v1/papers": (r: SeenRequest) => {
      const page = Number(r.params?.page_no);
      const limit = Number(r.params?.limit);
      const resultset = papers.slice((page - 1) * limit, page * limit);
      return ok({ resultset, total: papers.length });
    },
    "POST /exam/v1/paper/bind": (r: SeenRequest) => (bound.add(Number(r.body?.paper_id)), ok(null)),
    "DELETE /exam/v1/paper/bind": (r: SeenRequest) => (bound.delete(Number(r.params?.paper_id)), ok(null, { msg: "删除成功" })),
  });
}

function renderPage() {
  return render(
    <ConfigProvider locale={zhCN}>
      <MemoryRouter initialEntries={["/bindExamByLive?liveId=9"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Refine dataProvider={createDataProvider()} accessControlProvider={accessControlProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
          <Routes>
            <Route path="/bindExamByLive" element={<EngineRegistryProvider registry={engineRegistry}><CallScreen decl={boundPapers} /></EngineRegistryProvider>} />
          </Routes>
        </Refine>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

// The exam host of /config.json, as the server answers it by default.
beforeEach(() => setHosts({ exam: `${window.location.origin}/exam` }));
afterEach(() => setHosts(null));

// Buttons are found by their text: role queries over antd's tables are slow in jsdom.
const rowOf = (scope: HTMLElement, title: string) => within(scope).getByText(title).closest("tr") as HTMLElement;

describe("/bindExamByLive", () => {
  it("lists the live's exams with the page's token, and deletes one after 确定删除吗？ with 删除成功", async () => {
    const server = examService();
    renderPage();
    await screen.findByText("试卷2");
    expect(server.calls("GET /exam/v1/bind/paper")[0].params).toEqual({ roomid: 9, token: "T1" });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["考试名称", "创建时间", "最后修改时间", "操作"]);

    fireEvent.click(within(rowOf(document.body, "试卷2")).getByRole("button", { name: /删\s*除/ }));
    expect(await screen.findByText("确定删除吗？")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /确\s*定/ }));
    expect(await screen.findByText("删除成功")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("试卷2")).toBeNull());
    expect(server.calls("DELETE /exam/v1/paper/bind")[0].params).toEqual({ roomid: 9, paper_id: 2, token: "T1" });
  });

  it("imports from every paper, 10 a page, offering 选择 or 取消选择 by bound state", async () => {
    const server = examService();
    renderPage();
    await screen.findByText("试卷1");
    fireEvent.click(screen.getByRole("button", { name: "导入考试" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByText("试卷10");
    expect(within(dialog).queryByText("试卷11")).toBeNull();
    expect(server.calls("GET /exam/v1/papers")[0].params).toMatchObject({ page_no: 1, limit: 10, token: "T1" });
    within(rowOf(dialog, "试卷1")).getByText("取消选择");

    fireEvent.click(within(rowOf(dialog, "试卷3")).getByText(/^选\s*择$/));
    await waitFor(() => within(rowOf(dialog, "试卷3")).getByText("取消选择"));
    expect(server.calls("POST /exam/v1/paper/bind")[0].body).toEqual({ roomid: 9, paper_id: 3, token: "T1" });

    fireEvent.click(within(rowOf(dialog, "试卷1")).getByText("取消选择"));
    await waitFor(() => within(rowOf(dialog, "试卷1")).getByText(/^选\s*择$/));

    // The page's list behind the dialog follows: 试卷3 bound, 试卷1 no longer.
    const page = document.querySelector<HTMLElement>(".ant-card")!;
    await waitFor(() => expect(within(page).queryByText("试卷3")).not.toBeNull());
    await waitFor(() => expect(within(page).queryByText("试卷1")).toBeNull());
  });
});
