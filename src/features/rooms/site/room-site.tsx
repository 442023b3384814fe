import { Route, Routes } from "react-router-dom";
import { NotFoundPage } from "../../../components/not-found-page";
import { RoomPage } from "./room-page";
import { SharePage } from "./share-page";

/**
 * The built-in live-room site (issue 11 item 2), served by Lectern under /room: what the room
 * routes frame unless LIVE_ROOM_URL names another site, and where share links land. It has no
 * console frame and no session of its own: the token in its address is its pass.
 */
export function RoomSite() {
  return (
    <Routes>
      <Route index element={<RoomPage h5={false} />} />
      <Route path="h5" element={<RoomPage h5 />} />
      <Route path="share" element={<SharePage />} />
      <Route path="*" element={<NotFoundPage home="/room" />} />
    </Routes>
  );
}
