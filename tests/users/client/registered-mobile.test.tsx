import { fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { subadmin } from "../../../resources";
import { personMessages } from "../../../resources/users/person";
import { setHttpAdapter } from "../../../providers/http";
import { ResourceList } from "../../../src/engine/resource-list";
import { ok, type SeenRequest } from "../../kernel/client/support/fake-server";
import { button, dialog, familyServer, findDialog, noDialog, people, renderPage } from "../../kernel/client/engine/support";

/**
 * 快速添加 on /adminop with the mobile of a person who exists (issue 16, 3.3): that person keeps
 * their password, so the dialog says so before saving and the toast after.
 */
const input = (placeholder: string) => within(dialog()).getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(input(placeholder), { target: { value } });
const note = () => within(dialog()).queryByText(personMessages.passwordWillBeKept);
const toast = () => document.querySelector(".ant-message")?.textContent ?? "";

describe("adding a person whose mobile is registered", () => {
  afterEach(() => setHttpAdapter());

  it("says 该手机号已注册，将沿用其原密码 under the password before saving, and the answer's words after", async () => {
    const registered = "13800000001";
    const server = familyServer(subadmin, people(1), {
      "GET /cms/registeredmobile": (request: SeenRequest) => ok({ registered: request.params?.mobile === registered }),
      "POST /cms/subadmin": ok({ Id: 9, Name: "李主管", Mobile: registered, Nick: "", UpdateTime: "", UserOp: "[]" }, { msg: `添加成功，${personMessages.passwordKept}` }),
    }, ["adminop"]);
    renderPage("/adminop", <ResourceList decl={subadmin} />);
    fireEvent.click(await waitFor(() => button("快速添加")));
    await findDialog();
    type("请输入姓名", "李主管");
    type("请输入默认密码", "newpass1");
    type("请输入手机号", "1380000000");
    expect(note()).toBeNull();
    type("请输入手机号", registered);
    await waitFor(() => expect(note()).toBeTruthy());
    type("请输入手机号", "13612345679");
    await waitFor(() => expect(note()).toBeNull());
    type("请输入手机号", registered);
    await waitFor(() => expect(note()).toBeTruthy());
    // Only well-formed mobiles were asked about, not every keystroke.
    expect(new Set(server.calls("GET /cms/registeredmobile").map((call) => call.params?.mobile))).toEqual(new Set([registered, "13612345679"]));

    fireEvent.click(button("确定", dialog()));
    await waitFor(() => expect(noDialog()).toBe(true));
    await waitFor(() => expect(toast()).toContain(`添加成功，${personMessages.passwordKept}`));
  });
});
