import type { WidgetProps } from "@rjsf/utils";
import { Button, Flex, Input } from "antd";
import { useEffect, useState } from "react";
import { liveApi, type LiveRecord } from "../../../../resources/lives/live-api";
import { formValuesOf } from "../../../engine/form-values";
import { useCall } from "../../../lib/use-call";
import { MasterPickerDialog } from "./master-picker-dialog";

/**
 * `"ui:widget": "masterLivePicker"` of the sub-class form (schemas/lives/sub-live.*.ui.json): the chosen
 * main classroom by name, and 选择主教室 opening the picker of the course's main classrooms. The
 * course comes from the form's page (`courseId`, bound by sub-live-form-dialog.tsx). A sub-class is
 * held within its main classroom's times (the server refuses one outside them): the fields named by
 * `timeFields` (start, end) take the times of a main classroom chosen, and start empty ones from
 * the main classroom the form opens with.
 */
export function MasterLiveWidget({ id, value, onChange, disabled, readonly, rawErrors, courseId, options, registry }: WidgetProps & { courseId: number }) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<{ id: number; title: string } | null>(null);
  const chosen = typeof value === "number" ? value : undefined;
  const known = picked?.id === chosen ? picked : null;
  const { answer } = useCall<LiveRecord>(liveApi.info, { liveid: chosen ?? 0 }, { enabled: chosen !== undefined && !known });
  const title = known?.title ?? (answer?.data?.Id === chosen ? answer?.data?.Title : undefined) ?? (chosen ? `ID ${chosen}` : "");
  const store = formValuesOf(registry);
  const [beginField, endField] = (options.timeFields as [string, string] | undefined) ?? [];
  /** A sub-class is held within its main classroom's times: `always` when one is chosen, else only into empty fields. */
  const takeTimes = (master: { BeginTime?: unknown; EndTime?: unknown }, always: boolean) => {
    if (!store || readonly || !beginField || !endField) return;
    const values = store.get();
    if (always || (!values[beginField] && !values[endField])) {
      store.set(beginField, master.BeginTime);
      store.set(endField, master.EndTime);
    }
  };
  const loaded = answer?.data;
  useEffect(() => {
    if (loaded && loaded.Id === chosen) takeTimes(loaded, false);
    // Once per main classroom read: the times the form started with are never replaced.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);
  return (
    <Flex gap={8}>
      <Input id={id} readOnly value={title} placeholder="请选择主教室" status={rawErrors?.length ? "error" : undefined} aria-label="主教室" />
      {!readonly && (
        <Button disabled={disabled} onClick={() => setPicking(true)}>
          选择主教室
        </Button>
      )}
      <MasterPickerDialog
        open={picking}
        courseId={courseId}
        onClose={() => setPicking(false)}
        onPick={(master) => {
          setPicked({ id: Number(master.Id), title: String(master.Title) });
          onChange(Number(master.Id));
          // Another main classroom brings its own times; choosing the same one again keeps the person's.
          takeTimes(master as { BeginTime?: unknown; EndTime?: unknown }, Number(master.Id) !== chosen);
          setPicking(false);
        }}
      />
    </Flex>
  );
}
