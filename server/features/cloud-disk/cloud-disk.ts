import { cloudDiskCalls } from "../../../resources/cloud-disk/calls";
import { defineFeature } from "../../engine/calls";
import { groupDisk, ownDisk, readableOwners } from "../../services/cloud-disk/access";
import { sofficeConverter, startDiskJobs } from "../../services/cloud-disk/jobs";
import { diskStore } from "../../services/cloud-disk/store";
import { tokenSecret } from "../../services/tool-tokens";
import { diskHandlers } from "./disk";
import { fileCredential, fileHandler } from "./files";
import { uploadHandlers } from "./upload";

/**
 * The cloud disk (2 §2-§7): its calls, its files, its uploads, and the background work of
 * converting office documents to PDF when LibreOffice is on the server (config.soffice, found at
 * start) and of sweeping uploads left behind. Which disks a caller may read or write is its
 * credential (services/cloud-disk/access.ts): identity types and menu keys together, teachers and
 * assistants holding personal keys, so no one menu key says it.
 */
export default defineFeature({
  group: cloudDiskCalls,
  credentials: ({ db, config }) => ({
    ownDisk,
    groupDisk,
    anyDisk: readableOwners,
    diskFile: fileCredential(db, diskStore(config.dataDir), tokenSecret(config)),
  }),
  handlers: ({ db, config, app }) => {
    const store = diskStore(config.dataDir);
    const key = tokenSecret(config);
    const converter = config.soffice ? sofficeConverter(config.soffice) : null;
    const jobs = startDiskJobs(db, store, converter, app.log);
    app.addHook("onClose", async () => jobs.stop());
    const serve = fileHandler(store);
    return {
      ...diskHandlers(db, store, key),
      file: serve,
      namedFile: serve,
      ...uploadHandlers({ app, db, store, key, quota: config.uploadQuotaBytes, wake: jobs.wake, canConvert: converter !== null }),
    };
  },
});
