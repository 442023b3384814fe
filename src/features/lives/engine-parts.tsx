import { lazy } from "react";
import type { EngineRegistry, RowPartProps } from "../../engine/registry";
import { SubLiveAddButton, SubLiveEditPart } from "./sub-lives/sub-live-parts";

/**
 * What the lives area lends the generated live lists (resources/lives/live.ts, resources/lives/sub-live.ts)
 * by name: the dialogs their row actions open (`part`), and 添加子班级 in /subLiveManager's header.
 * Each loads with its own chunk the first time it is opened; the verification drawer pulls the
 * rich-text editor (tiptap), so it stays out of the list's chunk until 验证方式 is chosen.
 */
const rowPart = (load: () => Promise<(props: RowPartProps) => JSX.Element>) => lazy(() => load().then((part) => ({ default: part })));

export const liveEngineParts: Partial<EngineRegistry> = {
  rowParts: {
    liveStudents: rowPart(() => import("./row-parts/student-parts").then((m) => m.LiveStudentsPart)),
    liveEnrol: rowPart(() => import("./row-parts/student-parts").then((m) => m.LiveEnrolPart)),
    liveShare: rowPart(() => import("./row-parts/share-parts").then((m) => m.sharePart("all"))),
    liveShareLive: rowPart(() => import("./row-parts/share-parts").then((m) => m.sharePart("live"))),
    liveShareReplay: rowPart(() => import("./row-parts/share-parts").then((m) => m.sharePart("replay"))),
    liveInitNum: rowPart(() => import("./row-parts/share-parts").then((m) => m.InitNumPart)),
    liveVerification: rowPart(() => import("./row-parts/verification-part").then((m) => m.VerificationPart)),
    subLiveEdit: SubLiveEditPart,
  },
  listParts: {
    // With the page, not after its rows (the sub-class form itself loads on the first click).
    subLiveAdd: SubLiveAddButton,
  },
};
