import { fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { SheetToolsContext } from "../../../src/lib/xlsx/sheet-tools";
import { LiveEnrolDialog } from "../../../src/features/lives/dialogs/live-enrol-dialog";
import { fail, fakeServer, ok } from "../../kernel/client/support/fake-server";
import { chooseFile, parseGiving, resultOf, sheetTools, statusText, tableRows } from "../../users/client/import-support";
import { button, renderPage } from "../../users/client/render-page";

const live = { id: 805, title: "大班直播", courseId: 11 };

/**
 * Issue 16 item 3.20: a live's batch import makes a student of a mobile the organisation does not
 * know, so a typo makes a new person. The row says 新建学员, apart from 已添加, and the summary
 * counts both.
 */
describe("a live's batch import by mobile", () => {
  afterEach(() => setHttpAdapter());

  it("says 新建学员 for a row that made a student and 已添加 for one the organisation had, and counts both", async () => {
    fakeServer({
      "POST /cms/inputstudentlive": (request: { body?: Record<string, unknown> }) => {
        const mobile = String(request.body?.mobile);
        if (mobile === "13712340000") return ok({ Id: 1, Name: "王子涵", Mobile: mobile, Created: false });
        if (mobile === "13712340001") return ok({ Id: 2, Name: "李欣怡", Mobile: mobile, Created: true });
        return fail(1, "该学生已在本直播中");
      },
    });
    renderPage(
      "/liveop",
      <SheetToolsContext.Provider value={sheetTools({ parseSheet: parseGiving([["王子涵", "13712340000"], ["李欣怡", "13712340001"], ["张三", "13712340002"]]) })}>
        <LiveEnrolDialog live={live} onClose={vi.fn()} />
      </SheetToolsContext.Provider>,
    );
    chooseFile(new File(["x"], "名单.xlsx"));
    await waitFor(() => expect(tableRows()).toHaveLength(3));
    fireEvent.click(button("导入"));
    await waitFor(() => expect(statusText()).toBe("导入完成：已添加 1 条，新建学员 1 条，失败 1 条"));
    expect([1, 2, 3].map(resultOf)).toEqual(["已添加", "新建学员", "该学生已在本直播中"]);
  });
});
