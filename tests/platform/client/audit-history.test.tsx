import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { teacher } from "../../../resources";
import { setHttpAdapter } from "../../../providers/http";
import { resourceAnswers } from "../../../stories/engine/engine-answers";
import { sampleRows } from "../../../stories/engine/sample-rows";
import { mockAdapter, type MockCall } from "../../../stories/mock-api";
import { ResourceList } from "../../../src/engine/resource-list";
import { renderPage } from "../../kernel/client/engine/support";
import { isolateSession } from "../../kernel/client/support/isolate";

const teachers = sampleRows(teacher, 3);

/** The stories' answers: a main admin and three teachers whose writes are kept in a change log. */
function auditedServer() {
  const calls: MockCall[] = [];
  setHttpAdapter(mockAdapter(resourceAnswers(teacher, teachers), { delayMs: 0, onCall: (call) => calls.push(call) }));
  return { history: () => calls.filter((call) => call.path === "/cms/audithistory") };
}

const rowOf = (name: string) => screen.getAllByRole("row").find((row) => within(row).queryByText(name))!;
const action = (row: HTMLElement, label: RegExp) => within(row).getByRole("button", { name: label });

describe("变更记录", () => {
  isolateSession();

  it("shows a teacher's rename as before → after in the row's drawer", async () => {
    const server = auditedServer();
    renderPage("/teacherop", <ResourceList decl={teacher} />);
    const [first] = teachers;
    const name = String(first.Name);
    await waitFor(() => expect(rowOf(name)).toBeTruthy());

    fireEvent.click(action(rowOf(name), /修\s?改/));
    const dialog = await screen.findByRole("dialog");
    const input = await within(dialog).findByPlaceholderText("请输入姓名");
    fireEvent.change(input, { target: { value: `${name}老师` } });
    fireEvent.click(within(dialog).getByRole("button", { name: /确\s?定/ }));
    await waitFor(() => expect(rowOf(`${name}老师`)).toBeTruthy());

    fireEvent.click(action(rowOf(`${name}老师`), /变更记录/));
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(".ant-drawer-open");
      expect(found).not.toBeNull();
      return found!;
    });
    expect(within(drawer).getByText(`变更记录：${name}老师`)).toBeTruthy();
    const entry = await within(drawer).findByRole("listitem");
    expect(within(entry).getByText("修改")).toBeTruthy();
    expect(within(entry).getByText("姓名:")).toBeTruthy();
    expect(within(entry).getByText(name).tagName).toBe("DEL");
    expect(within(entry).getByText(`${name}老师`).tagName).toBe("INS");
    expect(server.history().at(-1)!.query).toMatchObject({ resource: "teacher", id: first.Id, page: 1, count: 10 });
  });

  it("says when a record has no change yet", async () => {
    auditedServer();
    renderPage("/teacherop", <ResourceList decl={teacher} />);
    const name = String(teachers[1].Name);
    await waitFor(() => expect(rowOf(name)).toBeTruthy());
    fireEvent.click(action(rowOf(name), /变更记录/));
    expect(await screen.findByText("暂无变更记录")).toBeTruthy();
  });
});
