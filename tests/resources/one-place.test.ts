import { describe, expect, it } from "vitest";
import { courseTypes } from "../../resources/course";
import { pageSizes } from "../../resources/kernel/paging";
import { liveStateLabels, liveTypeLabels } from "../../resources/live-labels";
import { filesWith, literalsUnder, numberListsUnder } from "./literal-scan";

// Issue 17 item 5: a page size, a status label and a course type label are each written once;
// everything else reads the declaration. These scans fail when a copy comes back.
const folders = ["resources", "src", "providers", "server", "schemas"];
const literals = literalsUnder(...folders);

describe("one place per fact", () => {
  it("writes the page sizes once, in resources/kernel/paging.ts", () => {
    const written = pageSizes.join(", ");
    const lists = numberListsUnder("resources", "src", "providers", "server");
    expect([...lists].filter(([, found]) => found.includes(written)).map(([file]) => file)).toEqual(["resources/kernel/paging.ts"]);
  });

  /**
   * The same words as another fact, which are not a copy of the label: a portal room's button has
   * its own status enum (-1 not yet, 2 over), and 已结束 is also the portal's tab of ended courses.
   */
  const otherFacts: Record<string, readonly string[]> = {
    未开始: ["resources/portal.ts"],
    已结束: ["resources/portal.ts", "src/pages/portal/courses/courses-page.tsx"],
  };

  it.each(Object.values(liveStateLabels))("writes the live status %s once, in resources/live-labels.ts", (label) => {
    expect(filesWith(literals, (text) => text === label)).toEqual(["resources/live-labels.ts", ...(otherFacts[label] ?? [])].sort());
  });

  /** 仿真直播 and 智慧教室 also name a sidebar group, and 仿真直播 the simulated-live tool page: facts of their own. */
  const sameWordsElsewhere: Record<string, readonly string[]> = {
    仿真直播: ["resources/menu.ts", "resources/tools.ts", "src/app/route-titles.ts"],
    智慧教室: ["resources/menu.ts"],
  };

  it.each(courseTypes.map((type) => type.label))("writes the course type %s once, in resources/course.ts", (label) => {
    expect(filesWith(literals, (text) => text === label)).toEqual(["resources/course.ts", ...(sameWordsElsewhere[label] ?? [])].sort());
  });

  it("says a live's type in the course type's words except where the spec words it differently", () => {
    const differing = Object.entries(liveTypeLabels).filter(([code, label]) => courseTypes.find((t) => String(t.code) === code)?.label !== label);
    expect(differing).toEqual([
      ["3", "双师课"],
      ["8", "智慧融合课"],
      ["200", "录播"],
    ]);
  });
});
