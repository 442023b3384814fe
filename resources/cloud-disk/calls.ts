import { cloudDiskApi } from "./cloud-disk";
import { access, defineCalls } from "../kernel/call";

/** Which disk a call works on follows from who calls (resources/cloud-disk/cloud-disk.ts), so each is guarded by the disks the caller holds. */
const own = access.credential(
  "ownDisk",
  "the caller's own disk: an admin holding clouddiskop edits the organisation's, a teacher or assistant holding their personal key their own; students have none",
);
const group = access.credential("groupDisk", "the organisation's disk read as the group disk, by anyone granted clouddiskop (read-only to teachers and assistants)");
const any = access.credential("anyDisk", "any disk the caller reads (its own, the group disk); the call names which in `group`, or reaches only files of the disks it reads");
const file = access.credential(
  "diskFile",
  "a session that sees an item pointing at the file (its organisation, and for a personal disk its owner), or a signed address (?e&s) from /mediaurlrq until it expires; otherwise 404, as for a name that never existed",
);

const listSummary = "One page of a folder {parentid, dir: 0 files and folders, 1 folders only}: folders first, newest first; system folders hidden";
const fileSummary = "A stored file (ranges served): for a session that sees it, or a signed address (?e&s)";

/**
 * The cloud disk host's calls and the upload host's token and status (2 §7, 3 §7.8). Declared calls
 * rather than a table's CRUD: a disk is a tree (folders, moves, a folder removed with its content),
 * shared by the bytes of its files, and which disk is never a parameter a caller could point
 * elsewhere. Each call reaches rows only through the session's organisation scope.
 */
export const cloudDiskCalls = defineCalls("cloud-disk", {
  list: { endpoint: cloudDiskApi.list, query: "clouddisk.list.query", access: own, summary: `File list of the caller's disk. ${listSummary}` },
  groupList: { endpoint: cloudDiskApi.groupList, query: "clouddisk.list.query", access: group, summary: `The organisation's disk, read only. ${listSummary}` },
  search: { endpoint: cloudDiskApi.search, query: "clouddisk.search.query", access: any, summary: "Search {key} by name over a whole disk (group=1: the organisation's), each result bySearch" },
  parents: { endpoint: cloudDiskApi.parents, query: "clouddisk.parents.query", access: any, summary: "Parent list {id}: the folders from the root down to id, for the breadcrumb" },
  add: { endpoint: cloudDiskApi.add, body: "clouddisk.add", access: own, summary: "Add {parentid, filetype, docid, name}: a folder, or a file whose bytes the caller may already read" },
  rename: { endpoint: cloudDiskApi.rename, body: "clouddisk.rename", access: own, summary: "Modify {id, name}" },
  remove: { endpoint: cloudDiskApi.remove, query: "clouddisk.remove.query", access: own, summary: "Delete {id}: one item or several ('12,15'); a folder with its content" },
  move: { endpoint: cloudDiskApi.move, body: "clouddisk.move", access: own, summary: "Move {id, newid}: items into the folder newid (0 the root), never a folder into itself" },
  checkMd5: { endpoint: cloudDiskApi.checkMd5, query: "clouddisk.md5.query", access: own, summary: "Check md5 {name, md5, parent}: {exist, docid, url, md5} of bytes the caller may already read" },
  mediaUrl: { endpoint: cloudDiskApi.mediaUrl, query: "clouddisk.media.query", access: any, summary: "Media url {videoid}: a signed address of a file the caller sees, valid a few minutes" },
  file: { endpoint: cloudDiskApi.file, access: file, answer: "file", summary: fileSummary },
  namedFile: {
    endpoint: cloudDiskApi.namedFile,
    access: file,
    answer: "file",
    summary: `${fileSummary}; the name after it is the one it is shown as, read by nobody but the browser`,
  },
  uploadToken: { endpoint: cloudDiskApi.token, query: "clouddisk.token.query", access: own, summary: "Cloud upload token {name, size}: {token, addr (the tus endpoint), videoid}" },
  uploadStatus: { endpoint: cloudDiskApi.status, query: "clouddisk.status.query", access: any, summary: "Upload status {docid}: {Status 1 viewable, 0 uploading or converting, 2 failed, url}" },
});
