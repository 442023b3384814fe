import path from "node:path";

// What a vitest JSON report says went wrong, a line per test with the first line of its failure:
// CI shows only the end of the output, so the closing count names them.

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const firstLine = (text) => String(text ?? "").split("\n")[0].replace(ansi, "").slice(0, 240);

/** The tests that failed, and the files that failed without a failed test (a crash, a hook). */
export function failedOf(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults ?? [];
    for (const t of tests) if (t.status === "failed") names.push(`${rel} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (file.status === "failed" && !tests.some((t) => t.status === "failed")) names.push(`${rel}: ${firstLine(file.message ?? "failed")}`);
  }
  return names;
}

/** The tests that passed only on a retry (the browser suite retries once), with their first failure. */
export function retriedOf(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    for (const t of file.assertionResults ?? []) if (t.status === "passed" && t.failureMessages?.length) names.push(`${rel} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
  }
  return names;
}
