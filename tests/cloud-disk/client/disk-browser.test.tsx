import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cloudDisk } from "../../../resources/cloud-disk/cloud-disk";
import { setHttpAdapter } from "../../../providers/http";
import { sessionStore } from "../../../providers/session-store";
import { fileRow, schoolDisk } from "../../../stories/clouddisk/disk-answers";
import { where } from "../../users/client/render-page";
import { buttonsNamed, findButton, names, pressEnter, renderDisk, rowOf, serveDisk, toolbar } from "./support";

/**
 * The cloud disk's screen over the stories' disk (2 §2, §4, §5): the listing, folders, the
 * breadcrumb, new folder and rename in place, delete with confirmation, move, search, the
 * read-only disk, previews and the polling of converting files.
 */
afterEach(() => {
  setHttpAdapter();
  vi.useRealTimers();
});

const { messages } = cloudDisk;
const open = () => findButton("教学课件");

describe("the organisation's disk to edit (/clouddiskop)", () => {
  it("lists folders first, newest first, with the states of unconverted files, and walks into folders and back", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await open();
    expect(names()).toEqual(["宣传素材", "音乐", "教学课件", "旧教案.docx", "期末复习.pptx", "课程介绍.pdf"]);
    expect(within(rowOf("期末复习.pptx")).getByText("转换中")).toBeTruthy();
    expect(within(rowOf("旧教案.docx")).getByText("转换失败")).toBeTruthy();
    expect(server.of("GET", "/webfile")[0].query).toMatchObject({ parentid: 0, page: 1, count: 20 });

    fireEvent.click(buttonsNamed("教学课件")[0]);
    await findButton("数学");
    expect(where()).toBe("/clouddiskop?folder=1");
    fireEvent.click(buttonsNamed("数学")[0]);
    await findButton("函数图像.pdf");
    const crumbs = document.querySelector(".ant-breadcrumb")!;
    expect(crumbs.textContent).toBe("全部文件/教学课件/数学");
    fireEvent.click(buttonsNamed("全部文件", crumbs)[0]);
    await open();
    expect(where()).toBe("/clouddiskop");
  });

  it("creates a folder in place, one at a time, judged by the name schema and by the server", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await open();
    fireEvent.click(buttonsNamed("新建文件夹", toolbar())[0]);
    const input = await screen.findByLabelText("文件夹名称");
    fireEvent.click(buttonsNamed("新建文件夹", toolbar())[0]);
    expect(await screen.findByText(messages.finishFolder)).toBeTruthy();

    fireEvent.change(input, { target: { value: "  " } });
    pressEnter(input);
    await waitFor(() => expect(document.querySelector("[role=alert]")?.textContent).toBe(messages.emptyName));
    expect(server.of("POST", "/webfile")).toHaveLength(0);

    fireEvent.change(input, { target: { value: cloudDisk.musicFolder } });
    pressEnter(input);
    expect(await screen.findByText(messages.musicExists)).toBeTruthy();
    expect(screen.getByLabelText("文件夹名称")).toBeTruthy();

    fireEvent.change(input, { target: { value: " 期末试卷 " } });
    pressEnter(input);
    expect(await screen.findByText(messages.added)).toBeTruthy();
    await findButton("期末试卷");
    expect(server.of("POST", "/webfile").at(-1)!.body).toEqual({ parentid: 0, filetype: 0, name: "期末试卷" });
    expect(screen.queryByLabelText("文件夹名称")).toBeNull();
  });

  it("renames in place (修改成功), and Escape leaves the name as it was", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await open();
    fireEvent.click(buttonsNamed("重命名", rowOf("课程介绍.pdf"))[0]);
    const input = await screen.findByLabelText("文件名");
    fireEvent.keyDown(input, { key: "Escape" });
    await waitFor(() => expect(screen.queryByLabelText("文件名")).toBeNull());

    fireEvent.click(buttonsNamed("重命名", rowOf("课程介绍.pdf"))[0]);
    fireEvent.change(await screen.findByLabelText("文件名"), { target: { value: "课程简介.pdf" } });
    fireEvent.click(screen.getByLabelText("确定"));
    expect(await screen.findByText(messages.renamed)).toBeTruthy();
    await findButton("课程简介.pdf");
    expect(server.of("PATCH", "/webfile")[0].body).toEqual({ name: "课程简介.pdf", id: 9 });
  });

  it("deletes after a confirmation: one (删除成功) or all selected (批量删除成功)", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await open();
    fireEvent.click(buttonsNamed("删除", rowOf("课程介绍.pdf"))[0]);
    expect(await screen.findByText("确定删除「课程介绍.pdf」吗？")).toBeTruthy();
    fireEvent.click(buttonsNamed("确定")[0]);
    expect(await screen.findByText(messages.deleted)).toBeTruthy();
    await waitFor(() => expect(names()).not.toContain("课程介绍.pdf"));

    fireEvent.click(screen.getByLabelText("选择旧教案.docx"));
    fireEvent.click(screen.getByLabelText("选择期末复习.pptx"));
    fireEvent.click(buttonsNamed("删除", toolbar())[0]);
    expect(await screen.findByText("确定删除选中的2项吗？")).toBeTruthy();
    fireEvent.click(buttonsNamed("确定")[0]);
    expect(await screen.findByText(messages.batchDeleted)).toBeTruthy();
    expect(server.of("DELETE", "/webfile").at(-1)!.query).toEqual({ id: "11,10" });
    await waitFor(() => expect(names()).toEqual(["宣传素材", "音乐", "教学课件"]));
    expect(buttonsNamed("删除", toolbar())[0].disabled).toBe(true);
  });

  it("selects all the page's rows at once, the 音乐 folder excepted", async () => {
    serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await open();
    fireEvent.click(screen.getByLabelText("全选"));
    expect(buttonsNamed("移动", toolbar())[0].disabled).toBe(false);
    expect(document.querySelectorAll(".ant-table-tbody .ant-checkbox-checked")).toHaveLength(5);
    expect(within(rowOf(cloudDisk.musicFolder)).queryByRole("checkbox", { checked: true })).toBeNull();
  });

  it("offers no rename, move or delete on the 音乐 folder, which the server would refuse (issue 16, 3.18)", async () => {
    serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await open();
    const music = rowOf(cloudDisk.musicFolder);
    for (const label of ["重命名", "移动", "删除"]) {
      expect(buttonsNamed(label, music), label).toEqual([]);
      expect(buttonsNamed(label, rowOf("宣传素材")), label).toHaveLength(1);
    }
    expect((within(music).getByLabelText(`选择${cloudDisk.musicFolder}`) as HTMLInputElement).disabled).toBe(true);
  });

  it("moves into a folder chosen in the tree (移动成功); a moved folder cannot be chosen", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await open();
    fireEvent.click(buttonsNamed("移动", rowOf("宣传素材"))[0]);
    const tree = await waitFor(() => document.querySelector(".ant-tree") as HTMLElement);
    const own = await within(tree).findByText("宣传素材");
    expect(own.closest(".ant-tree-treenode")!.className).toContain("ant-tree-treenode-disabled");
    fireEvent.click(within(tree).getByText("教学课件"));
    fireEvent.click(buttonsNamed("移动到此处")[0]);
    expect(await screen.findByText(messages.moved)).toBeTruthy();
    expect(server.of("PATCH", "/move")[0].body).toEqual({ id: "5", newid: 1 });
    await waitFor(() => expect(names()).not.toContain("宣传素材"));
    expect(server.of("GET", "/webfile").some((c) => c.query.dir === 1 && c.query.parentid === 0)).toBe(true);
  });

  it("searches the whole disk, marks the key, keeps it in the address, and an empty search goes back", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/clouddiskop");
    await open();
    const search = screen.getByLabelText("搜索文件名");
    fireEvent.change(search, { target: { value: "课" } });
    pressEnter(search);
    await screen.findByText("搜索“课”的结果");
    await waitFor(() => expect(names()).toEqual(["教学课件", "课程介绍.pdf"]));
    expect([...document.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["课", "课"]);
    expect(where()).toBe(`/clouddiskop?key=${encodeURIComponent("课")}`);
    expect(server.of("GET", "/search")[0].query).toMatchObject({ key: "课", group: 0 });
    expect(buttonsNamed("上传文件", toolbar())[0].disabled).toBe(true);
    fireEvent.change(search, { target: { value: "" } });
    pressEnter(search);
    await waitFor(() => expect(where()).toBe("/clouddiskop"));
  });

  it("previews images and PDFs, and says 当前文件暂不支持预览 for the rest", async () => {
    serveDisk(schoolDisk());
    renderDisk("/clouddiskop", "?folder=4");
    await findButton("开场音乐.mp3");
    fireEvent.click(buttonsNamed("开场音乐.mp3")[0]);
    expect(await screen.findByText(messages.noPreview)).toBeTruthy();

    fireEvent.click(buttonsNamed("全部文件", document.querySelector(".ant-breadcrumb")!)[0]);
    fireEvent.click(await findButton("宣传素材"));
    fireEvent.click(await findButton("校园风景.png"));
    await waitFor(() => expect(document.querySelector("img[alt='校园风景.png']")?.getAttribute("src")).toMatch(/\/cloud-disk-sample\.png$/));
    fireEvent.click(document.querySelector(".ant-modal-close")!);
    fireEvent.click(buttonsNamed("招生简章.pdf")[0]);
    await waitFor(() => expect(document.querySelector("iframe[title='招生简章.pdf']")).toBeTruthy());
  });

  it("asks the status of converting files every 5 s and reloads when one is ready (Status 1)", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const rows = [fileRow(30, "新课件.pptx", 0, { url: "", preview: "", updated_at: Date.now() })];
    const converted = new Set<string>();
    const server = serveDisk(rows, { converted });
    renderDisk("/clouddiskop");
    await screen.findByText("转换中");
    expect(server.of("GET", "/uploadstatus")).toHaveLength(0);
    await act(async () => void vi.advanceTimersByTime(cloudDisk.pollMs));
    await waitFor(() => expect(server.of("GET", "/uploadstatus")).toHaveLength(1));
    expect(server.of("GET", "/uploadstatus")[0].query).toEqual({ docid: rows[0].guid });
    expect(server.of("GET", "/webfile")).toHaveLength(1);

    converted.add(rows[0].guid);
    await act(async () => void vi.advanceTimersByTime(cloudDisk.pollMs));
    await waitFor(() => expect(server.of("GET", "/webfile")).toHaveLength(2));
  });
});

describe("the read-only and personal disks", () => {
  it("/teaclouddiskop reads the organisation's disk with no edit buttons; its search asks group=1", async () => {
    const server = serveDisk(schoolDisk());
    renderDisk("/teaclouddiskop");
    await open();
    expect(server.of("GET", "/readgroupcloud")).toHaveLength(1);
    expect(server.of("GET", "/webfile")).toHaveLength(0);
    for (const label of ["上传文件", "新建文件夹", "移动", "删除", "重命名"]) expect(buttonsNamed(label)).toEqual([]);
    expect(screen.queryByLabelText("全选")).toBeNull();
    expect(document.querySelector(".ant-card-head")!.textContent).toBe("机构云盘（只读）");
    const search = screen.getByLabelText("搜索文件名");
    fireEvent.change(search, { target: { value: "课" } });
    pressEnter(search);
    await waitFor(() => expect(server.of("GET", "/search")[0]?.query).toMatchObject({ key: "课", group: 1 }));
  });

  it("the teacher's personal disk edits the teacher's own disk and shows no header of its own", async () => {
    serveDisk(schoolDisk(), {}, ["teaclouddiskop"]);
    renderDisk("/teaIndex/teaclouddiskop");
    await open();
    expect(document.querySelector(".ant-card-head")).toBeNull();
    expect(buttonsNamed("上传文件", toolbar())[0].disabled).toBe(false);
  });

  it("refuses the screen to someone whose menu does not grant it, and says the listing failed with a retry", async () => {
    serveDisk(schoolDisk(), {}, []);
    renderDisk("/teaIndex/teaclouddiskop");
    expect(await screen.findByText("无权访问")).toBeTruthy();

    // Another page load, by someone else: the session store keeps a page's session and menu.
    cleanup();
    sessionStore.reload();
    setHttpAdapter();
    const server = serveDisk(schoolDisk(), { failList: true });
    renderDisk("/clouddiskop");
    expect(await screen.findByText("文件列表加载失败")).toBeTruthy();
    fireEvent.click(await findButton("重试"));
    await waitFor(() => expect(server.of("GET", "/webfile").length).toBeGreaterThan(1));
  });
});
