import type { Db } from "./db/database";
import type { MessageAdapter } from "./adapters/sms";
import type { Config } from "./config";

/** What every route plugin is handed: the database, the outside-service adapters, the config. */
export interface Ctx {
  db: Db;
  messages: MessageAdapter;
  config: Config;
}
