// How `npm test` spreads the browser suite over lanes that run side by side (scripts/test-all.mjs),
// each lane a vitest run with its own server and database, read by tests/kernel/e2e/vitest.config.ts
// through LECTERN_E2E_LANE. A lane waits on screens most of the time (about half a core), so three
// lanes keep CI's two cores busy; six lanes loaded them past what a browser test's waits allow (a
// clean-clone run at load 27 to 36 timed tests out). A file named in no lane runs in the lane marked
// "*", so a new file is never left out.

/** What a screen is made of, how it lays out and answers the keyboard, the frames of the tool
 * pages and the headers the server sends do not depend on the database: these run on SQLite only. */
export const databaseBlind = ["accessibility", "content-security", "keyboard", "live-list-layout", "tools"];

/**
 * The PostgreSQL pass walks the main paths (the card's "on SQLite and on PostgreSQL"): every demo
 * account signing in, a first live from an empty organisation to its attendance, the lives'
 * management, the cloud disk, the portal and the rooms, a large class's broadcast to its replay (and its floor given to an assistant), audio
 * and downloads, a recorded course from its creation to a student watching, an organisation's certification, a fresh organisation's first bill, and the whole path around a running live (issue 20's
 * "Done when": chat moderation acting on two students' rooms, the room bus being LISTEN/NOTIFY there; the room's cards and a counted click; the time machine's frames;
 * /liveStat and /userLiveStatus; the listening data's xlsx against the viewer log). That path calls the very steps of the moderation and statistics files
 * (their e2e support modules) with every check of theirs, so those two run on SQLite only. The other files' screens read and write
 * through the same calls, which the server suite runs on PostgreSQL one by one; they run on SQLite.
 */
export const postgresqlPaths = ["sign-in", "first-live", "lives", "clouddisk", "portal", "rooms", "broadcast", "floor", "recorded-media", "recharge", "certification", "first-bill", "around-a-live"];

export const lanes = {
  sqlite: [
    // The database-blind files and four short ones, to even the two SQLite lanes.
    [...databaseBlind, "account-flows", "audit", "dashboard", "teachers"],
    ["*"], // the rest of the files that use the database
  ],
  postgresql: [["*"]],
};

/**
 * The files of one lane, as paths: the lane's own, or for "*" every file no other lane of that
 * database names; without a lane (index -1, a file run by hand) every file of that database.
 */
export function laneFiles(database, index, allFiles) {
  const plan = lanes[database];
  const named = new Set(plan.flat().filter((name) => name !== "*"));
  const eligible = allFiles.filter((file) => database === "sqlite" || postgresqlPaths.includes(baseName(file)));
  if (index < 0) return eligible;
  const own = plan[index];
  if (!own) throw new Error(`LECTERN_E2E_LANE=${index}: the ${database} run has ${plan.length} lanes (tests/kernel/e2e/lanes.mjs)`);
  return own.includes("*") ? eligible.filter((file) => !named.has(baseName(file))) : eligible.filter((file) => own.includes(baseName(file)));
}

const baseName = (file) => file.replace(/^.*\//, "").replace(/\.e2e\.ts$/, "");
