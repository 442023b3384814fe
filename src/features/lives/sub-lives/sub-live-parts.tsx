import { Button } from "antd";
import { lazy, Suspense, useState } from "react";
import type { LiveRecord } from "../../../../resources/lives/live-api";
import { PlusOutlined } from "../../../components/icons";
import type { ListPartProps, RowPartProps } from "../../../engine/registry";

// RJSF, ajv and the form's files load with the first opening.
const SubLiveFormDialog = lazy(() => import("./sub-live-form-dialog").then((m) => ({ default: m.SubLiveFormDialog })));

/** 修改 of a sub-class (2 §2): the sub-class form on the row. */
export function SubLiveEditPart({ row, open, onClose }: RowPartProps) {
  const record = row as LiveRecord;
  return (
    <Suspense fallback={null}>
      <SubLiveFormDialog key={record.Id} open={open} courseId={record.CourseId} target={{ mode: "edit", record }} onClose={onClose} />
    </Suspense>
  );
}

/** 添加子班级 in /subLiveManager's header (2 §2): the sub-class form, starting from the page's main classroom. */
export function SubLiveAddButton({ params }: ListPartProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const masterId = Number(params?.masterLiveId);
  const courseId = Number(params?.courseId);
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        添加子班级
      </Button>
      {used && (
        <Suspense fallback={null}>
          <SubLiveFormDialog open={open} courseId={courseId} target={{ mode: "create", masterId }} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
