import { lazy, Suspense } from "react";
import type { useLiveDialogs } from "./use-live-dialogs";
import livePicker from "../../../resources/lives/student-picker";

// Each dialog loads with its own chunk the first time it is opened.
const TwoPanePicker = lazy(() => import("../../engine/two-pane-picker").then((m) => ({ default: m.TwoPanePicker })));
const LiveEnrolDialog = lazy(() => import("./dialogs/live-enrol-dialog").then((m) => ({ default: m.LiveEnrolDialog })));
const ShareDialog = lazy(() => import("./dialogs/share-dialog").then((m) => ({ default: m.ShareDialog })));
const InitNumDialog = lazy(() => import("./dialogs/init-num-dialog").then((m) => ({ default: m.InitNumDialog })));
// The drawer pulls the rich-text editor (tiptap): it stays out of the list's chunk until 验证方式 is chosen.
const VerificationDrawer = lazy(() => import("./verification/verification-drawer").then((m) => ({ default: m.VerificationDrawer })));

/** The dialogs a live list's rows open (2 §2 Dialogs), each mounted once first opened. */
export function LiveDialogs({ dialogs }: { dialogs: ReturnType<typeof useLiveDialogs> }) {
  const { students, enrol, share, initNum, verification } = dialogs;
  return (
    <Suspense fallback={null}>
      {students.used && <TwoPanePicker picker={livePicker} owner={students.shown} onClose={students.close} />}
      {enrol.used && <LiveEnrolDialog live={enrol.shown} onClose={enrol.close} />}
      {share.last && <ShareDialog open={share.shown !== null} live={share.last.live} mode={share.last.mode} onClose={share.close} />}
      {initNum.last && <InitNumDialog open={initNum.shown !== null} live={initNum.last} onClose={initNum.close} />}
      {verification.used && <VerificationDrawer live={verification.shown} onClose={verification.close} />}
    </Suspense>
  );
}
