import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { courseTypes } from "../../../resources/courses/course";
import { mainAdminOnlyItems, permissionGroups } from "../../../resources/kernel/menu";
import { routeTable, routeTitles } from "../../../resources/routes";
import { pageSizes } from "../../../resources/kernel/paging";
import { liveStateLabels, liveTypeLabels } from "../../../resources/lives/live-labels";
import { filesWith, literalsUnder, numberListsUnder } from "./literal-scan";
import { keyCopies, pathCopies, titleCopies } from "./route-copies";

// Issue 17 item 5: a page size, a status label and a course type label are each written once;
// everything else reads the declaration. These scans fail when a copy comes back.
const folders = ["resources", "src", "providers", "server", "schemas"];
const literals = literalsUnder(...folders);
/** Where a console route, title or menu key could be written: the declarations and the client. */
const sourceLiterals = literalsUnder("resources", "src");

/** The permission catalogue's items by group, as 1 §3 orders them (the saved values keep this order). */
const catalogueOrder = [
  "accountOverview recharge rechargerecord costrecord costrecordv2 groupCertification",
  "teacherop assistantop studentop mediaUploadMgr",
  "courseop liveop",
  "vodcourseop vodop vodMediaMgr",
  "srtMediaMgr",
  "appidop pushDataOp",
  "clouddiskop",
  "messageop",
  "productTemplate",
  "questionBankMgr questionTagMgr examMgr",
  "virtualAudio virtualProtrait virtualOcr virtualBgDoc virtualBgVideo virtualMake",
  "liveMonitor chatMonitor filterWords",
  "aichat chatRobotMgr chatTemplateMgr",
  "streamFilterWords streamRecBySelect",
  "liveSetting",
  "fzLiveTemplate",
  "smartTeaService",
  "adTemplate",
];

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
    未开始: ["resources/portal/portal.ts"],
    已结束: ["resources/portal/portal.ts", "resources/portal/screens.ts"],
  };

  it.each(Object.values(liveStateLabels))("writes the live status %s once, in resources/lives/live-labels.ts", (label) => {
    expect(filesWith(literals, (text) => text === label)).toEqual(["resources/lives/live-labels.ts", ...(otherFacts[label] ?? [])].sort());
  });

  /** 仿真直播 and 智慧教室 also name a sidebar group, and 仿真直播 the simulated-live tool page: facts of their own. */
  const sameWordsElsewhere: Record<string, readonly string[]> = {
    仿真直播: ["resources/kernel/menu.ts", "resources/tools/tools.ts"],
    智慧教室: ["resources/kernel/menu.ts"],
  };

  it.each(courseTypes.map((type) => type.label))("writes the course type %s once, in resources/courses/course.ts", (label) => {
    expect(filesWith(literals, (text) => text === label)).toEqual(["resources/courses/course.ts", ...(sameWordsElsewhere[label] ?? [])].sort());
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

describe("one declaration per route", () => {
  // The spec's route table (spec/routes.tsv), copied as it is: the contract the declarations answer to.
  const spec = readFileSync(join(import.meta.dirname, "spec-routes.tsv"), "utf8").trim().split("\n").slice(1).map((line) => line.split("\t"));
  const shellOf: Record<string, string> = { public: "public", admin: "admin", teacher: "portal", assistant: "portal", student: "portal", room: "room" };

  it("declares every route of routes.tsv exactly once, in its shell", () => {
    const declared = routeTable.map(({ route, shell }) => [route, shell]);
    const counts = new Map<string, number>();
    for (const [route] of declared) counts.set(route, (counts.get(route) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    // Beyond the spec's table: the organisation's change log (issue 9) and 1 §3's media upload menu item.
    expect(declared.filter(([route]) => spec.every(([path]) => path !== route))).toEqual([
      ["/auditLog", "admin"],
      ["/mediaUploadMgr", "admin"],
    ]);
    expect(spec.map(([route, , shell]) => [route, shellOf[shell]])).toEqual(spec.map(([route]) => [route, routeTable.find((r) => r.route === route)?.shell]));
  });

  it("shows every menu item under its route's title, in the catalogue's order (1 §3)", () => {
    for (const item of [...permissionGroups.flatMap((group) => group.items), ...mainAdminOnlyItems]) expect(item.label).toBe(routeTitles[`/${item.key}`]);
    expect(permissionGroups.map((group) => group.items.map((item) => item.key).join(" "))).toEqual(catalogueOrder);
  });

  /** Each fact → the files writing it, where more than one does. */
  const copiesOf = (facts: readonly string[], matches: (fact: string) => (text: string) => boolean) =>
    Object.fromEntries(
      [...new Set(facts)].map((fact) => [fact, filesWith(sourceLiterals, matches(fact))] as const).filter(([, files]) => files.length > 1),
    );

  /** The copies left, each fact's files in order of path as `filesWith` gives them. */
  const sorted = (copies: Record<string, readonly string[]>) => Object.fromEntries(Object.entries(copies).map(([fact, files]) => [fact, [...files].sort()]));

  it("writes each route's title once, but for the copies left to take away", () => {
    expect(copiesOf(routeTable.map(({ title }) => title), (title) => (text) => text === title)).toEqual(sorted(titleCopies));
  });

  it("writes each route's path once (as itself or an address), but for the copies left to take away", () => {
    const paths = routeTable.map(({ route }) => route).filter((route) => route !== "/");
    expect(copiesOf(paths, (path) => (text) => text === path || text.startsWith(`${path}?`))).toEqual(sorted(pathCopies));
  });

  it("writes each menu key once, but for the copies left to take away", () => {
    const keys = [...permissionGroups.flatMap((group) => group.items), ...mainAdminOnlyItems].map((item) => item.key);
    expect(copiesOf(keys, (key) => (text) => text === key)).toEqual(sorted(keyCopies));
  });
});
