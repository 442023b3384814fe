import { createEngineRegistry } from "../engine/registry";
import { userEngineParts } from "../features/users/engine-parts";
import { liveFormEngineParts } from "../features/lives/form/engine-parts";
import { courseEngineParts } from "../features/courses/engine-parts";
import { adminEngineParts } from "../features/platform/engine-parts";
import { liveEngineParts } from "../features/lives/engine-parts";
import { portalEngineParts } from "../features/portal/engine-parts";
import { toolEngineParts } from "../features/tools/engine-parts";
import { moderationEngineParts } from "../features/moderation/engine-parts";
import { vodEngineParts } from "../features/vod/engine-parts";
import { billingEngineParts } from "../features/billing/engine-parts";
import { certificationEngineParts } from "../features/certification/engine-parts";
import { developerEngineParts } from "../features/developer/engine-parts";
import { filterWordsEngineParts } from "../features/filter-words/engine-parts";
import { reminderEngineParts } from "../features/reminders/engine-parts";
import { dataPushEngineParts } from "../features/data-push/engine-parts";
import { timeMachineEngineParts } from "../features/time-machine/engine-parts";

/** The parts each area lends the engine, by name (toolbar parts, form widgets); one place to add an area. */
export const engineRegistry = createEngineRegistry(userEngineParts, liveFormEngineParts, courseEngineParts, adminEngineParts, liveEngineParts, portalEngineParts, toolEngineParts, vodEngineParts, billingEngineParts, certificationEngineParts, developerEngineParts, filterWordsEngineParts, reminderEngineParts, dataPushEngineParts, timeMachineEngineParts, moderationEngineParts);
