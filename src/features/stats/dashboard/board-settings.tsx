import { SettingOutlined } from "../../../components/icons";
import { Button, Checkbox, Modal, Typography } from "antd";
import { useState } from "react";
import { statsApi, type DashboardModule } from "../../../../resources/stats/stats";
import { useCallMutation } from "../../../lib/use-call";
import boardSchema from "../../../../schemas/stats/boardconfig.schema.json";
import { moduleList } from "./dashboard-source";

const noneChosen = boardSchema.properties.modules.errorMessage.minItems;

interface BoardSettingsProps {
  /** The modules shown now, in their order. */
  modules: number[];
  /** The modules this admin may see: the only ones it is offered. */
  offered: readonly DashboardModule[];
  /** The organisation's list as saved (the server keeps the modules this admin was not offered). */
  onSaved: (modules: number[]) => void;
}

/**
 * The gear of the dashboard: tick the modules to show and save them for the organisation.
 * Modules still ticked keep their saved order; newly ticked ones follow in table order.
 */
export function BoardSettings({ modules, offered, onSaved }: BoardSettingsProps) {
  const options = offered.map((module) => ({ label: module.title, value: module.id }));
  const [open, setOpen] = useState(false);
  const [checked, setChecked] = useState<number[]>(modules);
  const { send, busy: saving } = useCallMutation();

  const show = () => {
    setChecked(modules);
    setOpen(true);
  };

  const save = async () => {
    const kept = modules.filter((id) => checked.includes(id));
    const added = options.map((option) => option.value).filter((id) => checked.includes(id) && !kept.includes(id));
    const list = [...kept, ...added];
    try {
      const saved = await send<unknown>(statsApi.saveBoardConfig, { modules: list }, {
        successNotification: { type: "success", message: "保存成功" },
        errorNotification: (error) => ({ type: "error", message: "保存失败", description: error?.message }),
      });
      onSaved(Array.isArray(saved.data) ? moduleList(saved.data) : list);
      setOpen(false);
    } catch {
      // Shown by the mutation's error notification; the dialog stays open to try again.
    }
  };

  return (
    <>
      <Button icon={<SettingOutlined />} onClick={show}>
        模块设置
      </Button>
      <Modal
        title="首页模块设置"
        open={open}
        okText="保存"
        onOk={save}
        onCancel={() => setOpen(false)}
        confirmLoading={saving}
        okButtonProps={{ disabled: checked.length === 0 }}
        destroyOnHidden
      >
        <Checkbox.Group
          value={checked}
          onChange={(values) => setChecked(values as number[])}
          style={{ display: "grid", gridTemplateColumns: "repeat(2, 1fr)", gap: 12, margin: "12px 0" }}
          options={options}
        />
        {checked.length === 0 && <Typography.Text type="danger">{noneChosen}</Typography.Text>}
      </Modal>
    </>
  );
}
