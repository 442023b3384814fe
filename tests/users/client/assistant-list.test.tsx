import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { assistant, teacher } from "../../../resources";
import { setHttpAdapter } from "../../../providers/http";
import { ResourceList } from "../../../src/engine/resource-list";
import { familyServer, people, renderPage, tableRows } from "../../kernel/client/engine/support";

afterEach(() => setHttpAdapter());

/** Issue 8, finding 21: 助教管理 › 查看 opened 老师详情 with an assistant's empty numbers. */
describe("/assistantop", () => {
  it("offers no 查看: the spec gives assistants no detail page, and the teacher's shows teachers only", async () => {
    familyServer(assistant, people(2));
    renderPage("/assistantop", <ResourceList decl={assistant} />);
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(tableRows().map((cells) => cells.at(-1))).toEqual(["修改删除变更记录", "修改删除变更记录"]);
    expect("show" in assistant).toBe(false);
    expect(teacher.show).toBe("/teacherInfo?teacherId={Id}");
  });
});
