import { DragOutlined } from "../../../components/icons";
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragCancelEvent,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button, Empty, Space, Typography } from "antd";
import type { MediaFile } from "../../../../resources/vod/media-api";
import { durationText } from "../../../engine/cells";

interface ShelfListProps {
  items: readonly MediaFile[];
  /** No dragging while the conflict comparison shows (3 §4). */
  locked: boolean;
  onReorder: (items: MediaFile[]) => void;
  onPreview: (file: MediaFile) => void;
  onTakeOff: (file: MediaFile) => void;
}

function ShelfRow({ file, position, locked, onPreview, onTakeOff }: { file: MediaFile; position: number; locked: boolean } & Pick<ShelfListProps, "onPreview" | "onTakeOff">) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: file.video_id, disabled: locked });
  return (
    <li
      ref={setNodeRef}
      className="media-shelf-row"
      data-testid="shelf-row"
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      {/* The handle is a button: focus it, Space to lift, arrows to move, Space to drop. */}
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<DragOutlined />}
        aria-label={`拖动排序：${file.filename}`}
        disabled={locked}
        {...attributes}
        {...listeners}
      />
      <span className="media-shelf-position">{position}</span>
      <Typography.Text ellipsis={{ tooltip: file.filename }} className="media-shelf-name">
        {file.filename}
      </Typography.Text>
      <span className="media-shelf-duration">{durationText(file.duration)}</span>
      <Space size={4}>
        <Button type="link" size="small" onClick={() => onPreview(file)}>
          预览
        </Button>
        <Button type="link" size="small" onClick={() => onTakeOff(file)} disabled={locked}>
          下架
        </Button>
      </Space>
    </li>
  );
}

/** The on-shelf videos in their order, dragged into another by pointer or keyboard (@dnd-kit), told to a screen reader in Chinese. */
export function ShelfList({ items, locked, onReorder, onPreview, onTakeOff }: ShelfListProps) {
  const nameOf = (id: UniqueIdentifier) => items.find((f) => f.video_id === id)?.filename ?? String(id);
  const placeOf = (id: UniqueIdentifier | undefined) => items.findIndex((f) => f.video_id === id) + 1;
  const accessibility = {
    screenReaderInstructions: { draggable: "按空格键拿起视频，用上下方向键移动，再按空格键放下，按 Esc 取消" },
    announcements: {
      onDragStart: ({ active }: DragStartEvent) => `已拿起「${nameOf(active.id)}」，当前第${placeOf(active.id)}位`,
      onDragOver: ({ active, over }: DragOverEvent) => (over ? `「${nameOf(active.id)}」移到第${placeOf(over.id)}位` : `「${nameOf(active.id)}」不在列表上`),
      onDragEnd: ({ active, over }: DragEndEvent) => (over ? `「${nameOf(active.id)}」放在第${placeOf(over.id)}位` : `「${nameOf(active.id)}」已放下`),
      onDragCancel: ({ active }: DragCancelEvent) => `已取消移动「${nameOf(active.id)}」`,
    },
  };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((f) => f.video_id === active.id);
    const to = items.findIndex((f) => f.video_id === over.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove([...items], from, to));
  };
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有上架的视频：上架下面的视频，学员按这里的顺序观看" />;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={items.map((f) => f.video_id)} strategy={verticalListSortingStrategy}>
        <ol className="media-shelf" aria-label="已上架视频">
          {items.map((file, i) => (
            <ShelfRow key={file.video_id} file={file} position={i + 1} locked={locked} onPreview={onPreview} onTakeOff={onTakeOff} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
