import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState, type Key } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { student } from "../../../../resources";
import { setHttpAdapter } from "../../../../providers/http";
import { ResourceTable } from "../../../../src/engine/resource-table";
import { currentLocation, familyServer, people, renderPage, tableRows } from "./support";

afterEach(() => setHttpAdapter());

const names = () => tableRows().map((cells) => cells[1]);
const pager = () => document.querySelector<HTMLElement>(".ant-pagination")!;

function Picking() {
  const [keys, setKeys] = useState<Key[]>([]);
  return (
    <>
      <ResourceTable decl={student} placeIn="state" selection={{ keys, onChange: setKeys, disabled: (row) => row.Name === "用户2" }} />
      <output data-testid="picked">{keys.join(",")}</output>
    </>
  );
}

describe("the engine's table inside a dialog or pane", () => {
  it("keeps its page in its own state, leaving the address alone", async () => {
    const server = familyServer(student, people(25));
    renderPage("/courseop", <ResourceTable decl={student} placeIn="state" />, "/courseop?page=4");
    // The page's own page number is not the table's.
    await waitFor(() => expect(tableRows()).toHaveLength(10));
    expect(server.calls("GET /cms/student")[0].params).toMatchObject({ page: 1, count: 10 });
    fireEvent.click(within(pager()).getByTitle("3"));
    await waitFor(() => expect(tableRows()).toHaveLength(5));
    expect(server.calls("GET /cms/student").at(-1)?.params).toMatchObject({ page: 3, count: 10 });
    expect(currentLocation()).toBe("/courseop?page=4");
  });

  it("lets a person pick rows, some of which may be closed to picking", async () => {
    familyServer(student, people(3));
    renderPage("/courseop", <Picking />);
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    expect(names()).toEqual(["用户3", "用户2", "用户1"]);
    const boxes = (name: string) => screen.getByRole("checkbox", { name: `选择${name}` }) as HTMLInputElement;
    expect(boxes("用户2").disabled).toBe(true);
    fireEvent.click(boxes("用户3"));
    fireEvent.click(boxes("用户1"));
    await waitFor(() => expect(screen.getByTestId("picked").textContent).toBe("3,1"));
  });
});
