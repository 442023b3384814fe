/** What other features may use of the rooms feature: the verified grant of a `room.viewer` call. */
export { roomViewerOf } from "./room-viewer";
