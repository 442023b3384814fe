import { Flex, Modal } from "antd";
import type { PickerDecl } from "../../resources/kernel/picker";
import { PickerPane } from "./picker-pane";
import { useShownOwner, type DialogOwner } from "./use-shown-owner";

export interface TwoPanePickerProps {
  picker: PickerDecl;
  /** Whose rows the panes show (a course, a live); the dialog is open while set. */
  owner: DialogOwner | null;
  onClose: () => void;
}

/**
 * A declared two-pane picker (resources/kernel/picker.ts) as a dialog: the rows not yet the owner's
 * on the left, its own on the right (1 §2.5 学员管理, 2 §2 添加学员), each the engine's table with
 * its own page and search; adding or removing reloads both.
 */
export function TwoPanePicker({ picker, owner, onClose }: TwoPanePickerProps) {
  const shown = useShownOwner(owner);
  return (
    <Modal title={`${picker.title} - ${shown?.title ?? ""}`} open={owner !== null} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      {shown && (
        <Flex key={shown.id} gap={16} align="stretch">
          {picker.panes.map((pane) => (
            <PickerPane key={pane.title} picker={picker} pane={pane} owner={shown} />
          ))}
        </Flex>
      )}
    </Modal>
  );
}
