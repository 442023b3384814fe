import { fireEvent, waitFor } from "@testing-library/react";
import { authApi } from "../../../resources/auth/auth";
import { cloudDiskScreens } from "../../../resources/cloud-disk/screens";
import { setHttpAdapter } from "../../../providers/http";
import { CloudDiskPage } from "../../../src/features/cloud-disk/cloud-disk-page";
import { mockAdapter, okEnvelope, type MockCall } from "../../../stories/mock-api";
import { diskRoutes, type FakeRow } from "../../../stories/clouddisk/disk-answers";
import { renderPage } from "../../users/client/render-page";

/** The disk the stories show (stories/clouddisk/disk-answers.ts), answering at once; answers the calls made. */
export function serveDisk(rows: FakeRow[], options: Parameters<typeof diskRoutes>[1] = {}, keys = ["clouddiskop", "teaclouddiskop"]) {
  const calls: MockCall[] = [];
  setHttpAdapter(mockAdapter([[authApi.menu, okEnvelope({ groups: [], keys })], ...diskRoutes(rows, options)], { delayMs: 0, onCall: (call) => calls.push(call) }));
  return {
    calls,
    /** The calls made to a path ending so (`/webfile`), of a method. */
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.endsWith(path)),
  };
}

/** A disk screen of resources/cloud-disk/cloud-disk.ts at `url` (its route, with a query if given). */
export function renderDisk(route: string, query = "") {
  const screen = cloudDiskScreens.find((s) => s.route === route)!;
  return renderPage(route + query, <CloudDiskPage screen={screen} />);
}

export const rowOf = (name: string) => [...document.querySelectorAll("tr")].find((tr) => [...tr.querySelectorAll("button")].some((b) => b.textContent === name)) as HTMLElement;
export const names = () => [...document.querySelectorAll(".ant-table-tbody tr.ant-table-row")].map((tr) => tr.querySelector("td:nth-child(2) button, td:first-child button")?.textContent ?? "");

const squash = (text: string | null) => (text ?? "").replace(/\s/g, "");

/** The buttons whose text is `label` (antd spaces two-character labels), optionally inside `scope`; role queries are slow over antd tables in jsdom. */
export const buttonsNamed = (label: string, scope: ParentNode = document) => [...scope.querySelectorAll("button")].filter((b) => squash(b.textContent) === label);

/** The one button named `label`, once it is there. */
export async function findButton(label: string, scope: ParentNode = document): Promise<HTMLButtonElement> {
  let found: HTMLButtonElement[] = [];
  await waitFor(() => {
    found = buttonsNamed(label, scope);
    if (found.length !== 1) throw new Error(`expected one button "${label}", found ${found.length}`);
  });
  return found[0];
}

/** The toolbar above the table (上传文件, 新建文件夹, 移动, 删除). */
export const toolbar = () => document.querySelector(".ant-card-body .ant-space") as HTMLElement;

/** Enter as a person presses it: antd's inputs take the next Enter only after this one's key-up. */
export function pressEnter(input: Element) {
  fireEvent.keyDown(input, { key: "Enter" });
  fireEvent.keyUp(input, { key: "Enter" });
}
