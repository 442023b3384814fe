/** What other features may use of the rooms' (lint: through this file only): the grant a room token's call was verified with. */
export { roomViewerOf } from "./room-viewer";
