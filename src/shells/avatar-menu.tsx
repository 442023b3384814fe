import { UserOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Avatar, Dropdown } from "antd";
import { useNavigate } from "react-router-dom";
import type { UserInfo } from "../../providers/session-store";

/** The top-bar avatar: the shell's own links, then 退出登录 through the auth provider. */
export function AvatarMenu({ links }: { links: { path: string; label: string }[] }) {
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const { data: me } = useGetIdentity<UserInfo>();
  const name = me?.nickname || me?.name || "";

  return (
    <Dropdown
      // Click only: with hover as well, the click that follows a hover closes the menu again.
      trigger={["click"]}
      menu={{
        items: [
          ...links.map((link) => ({ key: link.path, label: link.label })),
          { type: "divider" as const },
          { key: "logout", label: "退出登录" },
        ],
        onClick: ({ key }) => (key === "logout" ? logout() : navigate(key)),
      }}
    >
      <span style={{ display: "inline-flex", alignItems: "center", gap: 8, cursor: "pointer" }} data-testid="avatar-menu">
        <Avatar src={me?.headimg || undefined} icon={<UserOutlined />} />
        {name && <span>{name}</span>}
      </span>
    </Dropdown>
  );
}
