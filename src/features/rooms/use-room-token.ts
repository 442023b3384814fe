import { useCustom, type BaseRecord, type HttpError } from "@refinedev/core";
import { useLocation } from "react-router-dom";
import { roomApi, roomMessages, type RoomUserType } from "../../../resources/rooms/room-api";
import type { Payload } from "../../../providers/http";

export type RoomTokenState =
  | { status: "loading" }
  /** The server's refusal, shown as it is (2 §8: a room token failure shows the server msg). */
  | { status: "refused"; msg: string }
  | { status: "ready"; token: string; nickname: string };

/**
 * The room token of a live for this entry to the route (GET /api/v1/enter-room; 2 §7, 3 §7.5): a
 * new one each time the route is entered, never a cached one (it is short-lived and goes into the
 * frame's address). `userType` null holds the call back until the page knows it.
 */
export function useRoomToken(liveId: number, groupId: number, userType: RoomUserType | null, replay: boolean): RoomTokenState {
  const { key } = useLocation();
  const result = useCustom<BaseRecord, HttpError, Payload>({
    url: roomApi.token.path,
    method: "get",
    config: { query: { room_id: liveId, group_id: groupId, user_type: userType ?? 0, ...(replay ? { replay: 1 } : {}) } },
    meta: { endpoint: roomApi.token, entry: key },
    errorNotification: false,
    queryOptions: { enabled: userType !== null, cacheTime: 0, staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
  });
  if (result.error) return { status: "refused", msg: result.error.message || roomMessages.tokenFailed };
  const data = result.data?.data as { token?: string; nick_name?: string } | undefined;
  if (!data?.token) return { status: "loading" };
  return { status: "ready", token: data.token, nickname: data.nick_name ?? "" };
}
