import { lazy } from "react";
import { vodPages } from "../../../resources/vod/routes";
import type { PageMap } from "../../engine/registry";

/** The recorded courses' bespoke page (the card keeps it so, 3 §2.1): the media binding. */
export const vodBespokePages: PageMap = {
  [vodPages.bindingRecordMedia.route]: lazy(() => import("./media-binding/media-binding-page").then((m) => ({ default: m.MediaBindingPage }))),
};
