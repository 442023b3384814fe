import { UserOutlined } from "../components/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { Avatar, Button, Dropdown } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import type { UserInfo } from "../../providers/session-store";

/**
 * The top-bar avatar: the shell's own links, then 退出登录 through the auth provider. Its trigger is
 * a button, so Tab reaches it and Enter opens it; the menu takes the caret (the arrows move in it,
 * Enter picks, Escape gives the caret back to the button).
 */
export function AvatarMenu({ links }: { links: { path: string; label: string }[] }) {
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const { data: me } = useGetIdentity<UserInfo>();
  const [open, setOpen] = useState(false);
  const name = me?.nickname || me?.name || "";

  return (
    <Dropdown
      // Click only: with hover as well, the click that follows a hover closes the menu again.
      trigger={["click"]}
      open={open}
      onOpenChange={setOpen}
      autoFocus
      menu={{
        items: [
          ...links.map((link) => ({ key: link.path, label: link.label })),
          { type: "divider" as const },
          { key: "logout", label: "退出登录" },
        ],
        onClick: ({ key }) => {
          setOpen(false);
          if (key === "logout") logout();
          else navigate(key);
        },
      }}
    >
      <Button
        type="text"
        aria-haspopup="menu"
        aria-expanded={open}
        // The name says whose menu it is; before it is known, what the button is for.
        aria-label={name ? undefined : "账户菜单"}
        autoInsertSpace={false}
        style={{ height: "auto", padding: "4px 8px", display: "inline-flex", alignItems: "center", gap: 8 }}
        data-testid="avatar-menu"
      >
        <Avatar src={me?.headimg || undefined} icon={<UserOutlined />} aria-hidden />
        {name && <span>{name}</span>}
      </Button>
    </Dropdown>
  );
}
