import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { ConsoleApp } from "../../../src/app/console-app";

function Landed() {
  return <div data-testid="landed">{useLocation().pathname}</div>;
}

/** The lazily loaded console as the entry mounts it, with the public pages stubbed. */
export function renderConsole(path: string) {
  window.history.pushState({}, "", path);
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        {["/login", "/identity", "/register", "/forget-password"].map((publicPath) => (
          <Route key={publicPath} path={publicPath} element={<Landed />} />
        ))}
        <Route path="/*" element={<ConsoleApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

export const session = (type: string | null) => ({ code: 0, data: null, msg: "", type });

export const adminMenu = {
  groups: [
    { key: "account", label: "我的账户", items: [{ key: "recharge", label: "账户充值", path: "/recharge" }] },
    {
      key: "user",
      label: "用户管理",
      items: [
        { key: "teacherop", label: "老师管理", path: "/teacherop" },
        { key: "studentop", label: "学生管理", path: "/studentop" },
      ],
    },
  ],
  keys: ["recharge", "teacherop", "studentop"],
};

export const me = {
  name: "管理员",
  nickname: "张校长",
  mobile: "13800000000",
  headimg: "",
  group: { id: 1, name: "示例学校" },
  type: "admin",
};
