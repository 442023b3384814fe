import { portalApi, portalUserTypes, type PortalClass, type PortalRoleName, type PortalRoom } from "../../../../resources/portal/portal";
import { useCall } from "../../../lib/use-call";
import { RoomList } from "../rooms/room-list";

/** One course's rooms, asked for when its panel is first opened. */
export function CourseRooms({ course, role }: { course: PortalClass; role: PortalRoleName }) {
  const rooms = useCall<PortalRoom[]>(portalApi.classRooms, { group_id: course.group_id, class: course.class_id, user_type: portalUserTypes[role] });
  return (
    <RoomList role={role} call={rooms} withDate empty="该课程还没有直播" />
  );
}
