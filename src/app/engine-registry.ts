import { createEngineRegistry } from "../engine/registry";
import { userEngineParts } from "../pages/users/engine-parts";
import { liveFormEngineParts } from "../pages/lives-form/engine-parts";
import { portalEngineParts } from "../pages/portal/engine-parts";
import { toolEngineParts } from "../pages/tools/engine-parts";

/** The parts each area lends the engine, by name (toolbar parts, form widgets); one place to add an area. */
export const engineRegistry = createEngineRegistry(userEngineParts, liveFormEngineParts, portalEngineParts, toolEngineParts);
