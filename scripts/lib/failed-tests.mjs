import path from "node:path";

// The failed tests of a vitest JSON report, a line each with the first line of the failure: CI shows
// only the end of the output, so the closing count names them.
export function failedOf(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    for (const t of file.assertionResults ?? []) {
      if (t.status !== "failed") continue;
      const why = String(t.failureMessages?.[0] ?? "").split("\n")[0].replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "").slice(0, 240);
      names.push(`${rel} › ${t.fullName}: ${why}`);
    }
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) names.push(`${rel}: ${String(file.message ?? "failed").split("\n")[0].slice(0, 240)}`);
  }
  return names;
}
