// `node --import tsx scripts/bench-push.ts`: data push (issue 19, Performance: 1,000 webhook
// deliveries to a local receiver in < 5 s with their log written). One organisation on SQLite
// pushing chat messages to a receiver on 127.0.0.1 (PUSH_ALLOW_PRIVATE, as an operator running one
// would set it): 1,000 events emitted as the room emits them, then delivered by job runners as
// server processes run them (4 here, sharing the database), each delivery signed, POSTed and its
// log row written; timed from the first emit until every delivery is logged done.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pushConfigDefaults } from "../resources/data-push/push-api";
import { openDb } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { JobRunner } from "../server/engine/jobs";
import { pushDeliveryHandler } from "../server/services/data-push/deliver";
import { emitFor, pushesQueued, pushJobKind } from "../server/services/data-push/emit";

const EVENTS = 1_000;
const RUNNERS = 4;
const TARGET_S = 5;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-bench-push-"));
let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received++;
    res.end("ok");
  });
});
try {
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const db = openDb({ databaseUrl: null, dataDir });
  try {
    await migrateToLatest(db.kysely);
    const now = Date.now();
    const org = (await db.kysely.insertInto("organisations").values({ name: "压测机构", created_at: now }).returning("id").executeTakeFirstOrThrow()).id;
    const config = pushConfigDefaults.config.map((g) => ({ ...g, apis: g.apis.map((a) => (a.event === "chat.message" ? { ...a, url, status: 1 } : a)) }));
    await db.kysely.insertInto("push_configs").values({ org_id: org, status: 1, config: JSON.stringify(config), updated_at: now }).execute();

    const runners = Array.from({ length: RUNNERS }, (_, i) => {
      const runner = new JobRunner(db, { holder: `bench-${i}`, pollMs: 50 });
      runner.register(pushJobKind, pushDeliveryHandler(db, { allowPrivate: true }));
      return runner;
    });
    const started = performance.now();
    runners.forEach((runner) => runner.start());
    for (let i = 0; i < EVENTS; i++) emitFor(db, org, "chat.message", { liveid: 1, username: `学员${i}`, msg: `第${i}条消息`, time: now });
    await pushesQueued();
    const queuedS = (performance.now() - started) / 1000;
    let done = 0;
    while (done < EVENTS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done = Number((await db.kysely.selectFrom("push_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("state", "=", "done").executeTakeFirstOrThrow()).n);
      if (performance.now() - started > 60_000) throw new Error(`only ${done} of ${EVENTS} delivered in 60 s`);
    }
    const totalS = (performance.now() - started) / 1000;
    await Promise.all(runners.map((runner) => runner.stop()));
    if (received !== EVENTS) throw new Error(`the receiver got ${received} of ${EVENTS}`);
    console.log(`\nData push (SQLite; ${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")})`);
    console.log(`  ${EVENTS.toLocaleString("en")} events queued in ${queuedS.toFixed(2)} s; delivered, signed, to a local receiver by ${RUNNERS} runners and logged: ${totalS.toFixed(2)} s (target < ${TARGET_S} s; ${totalS < TARGET_S ? "ok" : "MISS"})`);
  } finally {
    await db.close();
  }
} finally {
  receiver.closeAllConnections();
  receiver.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
