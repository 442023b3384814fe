import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { certificationApi, noCertification, type CertificationRecord } from "../../../resources/certification/certification";
import { certificationForm } from "../../../resources/certification/forms";
import { setHttpAdapter } from "../../../providers/http";
import { FormPage } from "../../../src/engine/form-page";
import { loadRegions } from "../../../src/features/certification/regions";
import { fail, fakeServer, ok, type SeenRequest } from "../../kernel/client/support/fake-server";
import { button, renderPage } from "../../kernel/client/engine/support";
import { freezeClock } from "../../kernel/support/clock";

/**
 * /groupCertification (3 §5): the items in the spec's order, each missing one with its own
 * message, the SMS code asked while the contact mobile is new; a save without a record submits
 * (POST, 提交成功), with one it modifies (PATCH, 修改成功 / 修改失败).
 */
afterEach(() => setHttpAdapter());
// The record's last change is a date shown above the form.
freezeClock("2026-11-28T12:00:00+08:00");

const submitted: CertificationRecord = {
  ...noCertification,
  certificate_name: "示例学校教育科技有限公司",
  province: "浙江省",
  city: "杭州市",
  region: "西湖区",
  address: "文三路100号",
  certificate_no: "91330106MA2XXXXX0X",
  certificate_picture: "/uploads/0123456789abcdef0123456789abcdef.png",
  userName: "张三",
  idCard: "33010619900101123X",
  mobile: "13700000001",
  verified_mobile: "13700000001",
  state: "validating",
  last_modified: "2026-11-28 10:00:00",
};

function serve(record: CertificationRecord, saves: Record<string, unknown> = {}) {
  return fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["groupCertification"] }),
    [`GET ${certificationApi.get.path}`]: ok(record),
    ...saves,
  });
}

const open = () => renderPage("/groupCertification", <FormPage decl={certificationForm} />);
const labels = () => [...document.querySelectorAll("#root_certificate_name, .ant-form-item-label label")].map((node) => node.textContent?.trim()).filter(Boolean);
const errors = () => [...document.querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);
const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";
const typeInto = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe("/groupCertification, nothing submitted yet", () => {
  it("lists the items in the spec's order and names every missing one with its own message", async () => {
    const server = serve(noCertification);
    open();
    await screen.findByText(/认证状态：未认证/);
    expect(labels()).toEqual(["营业执照名称", "所在省份", "所在城市", "所在区县", "详细地址", "组织机构代码", "营业执照照片", "联系人姓名", "身份证号", "联系人手机号", "图形验证码", "短信验证码"]);
    fireEvent.click(button("确定"));
    await waitFor(() =>
      expect(errors()).toEqual([
        "请输入营业执照名称",
        "请选择办公地区所在省份",
        "请选择办公地区所在城市",
        "请选择办公地区所在区县",
        "请输入详细地址",
        "请输入组织机构代码",
        "请上传营业执照照片",
        "请输入联系人姓名",
        "请输入身份证号",
        "请输入联系人手机号",
      ]),
    );
    typeInto("请输入营业执照上的名称", "示例学校");
    typeInto("请输入联系人手机号", "13700000001");
    fireEvent.click(button("确定"));
    // A new contact mobile needs its SMS code: the last item, once the mobile is given.
    await waitFor(() => expect(errors()).toContain("请输入短信验证码"));
    expect(errors()[0]).toBe("请选择办公地区所在省份");
    expect(server.calls(`POST ${certificationApi.submit.path}`)).toHaveLength(0);
  });

  it("offers the dataset's cities under the province chosen", async () => {
    const regions = await loadRegions();
    expect(Object.keys(regions)).toHaveLength(31);
    expect(Object.keys(regions["浙江省"])).toContain("杭州市");
    expect(regions["浙江省"]["杭州市"]).toContain("西湖区");
  });
});

describe("/groupCertification with a record", () => {
  it("modifies with PATCH, needing no code while the mobile stays, and says 修改成功", async () => {
    const patched: SeenRequest[] = [];
    const server = serve(submitted, {
      [`PATCH ${certificationApi.modify.path}`]: (request: SeenRequest) => {
        patched.push(request);
        return ok({ ...submitted, ...(request.body as object) }, { msg: "修改成功" });
      },
    });
    open();
    await screen.findByText(/认证状态：审核中/);
    expect(screen.getByText("联系人手机号已验证，未变更时无需验证码")).toBeTruthy();
    typeInto("请输入详细地址", "文三路200号");
    fireEvent.click(button("确定"));
    await waitFor(() => expect(toasts()).toContain("修改成功"));
    expect(server.calls(`POST ${certificationApi.submit.path}`)).toHaveLength(0);
    const { verified_mobile: _v, state: _s, last_modified: _l, ...fields } = submitted;
    void [_v, _s, _l];
    expect(patched[0].body).toEqual({ ...fields, address: "文三路200号" });
  });

  it("asks a changed mobile for its code, and words a refusal 修改失败", async () => {
    serve(submitted, { [`PATCH ${certificationApi.modify.path}`]: fail(1, "验证码错误", { field: "validate_code" }) });
    open();
    await screen.findByText(/认证状态：审核中/);
    typeInto("请输入联系人手机号", "13700000002");
    fireEvent.click(button("确定"));
    await waitFor(() => expect(errors()).toEqual(["请输入短信验证码"]));
    typeInto("请输入短信验证码", "123456");
    fireEvent.click(button("确定"));
    await waitFor(() => expect(toasts()).toContain("修改失败：验证码错误"));
  });
});
