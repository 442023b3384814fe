import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../context";
import { sofficeConverter, startDiskJobs } from "../../services/cloud-disk/jobs";
import { diskStore } from "../../services/cloud-disk/store";
import { tokenSecret } from "../tools/tokens";
import diskRoutes from "./disk-routes";
import fileRoute from "./file-route";
import uploadRoutes from "./upload-routes";

/**
 * The cloud disk (2 §2-§7): its calls, its files, its uploads, and the background work of
 * converting office documents to PDF when LibreOffice is on the server (config.soffice, found at
 * start) and of sweeping uploads left behind.
 */
export default async function cloudDiskDomain(app: FastifyInstance, ctx: Ctx) {
  const store = diskStore(ctx.config.dataDir);
  const key = tokenSecret(ctx.config);
  const converter = ctx.config.soffice ? sofficeConverter(ctx.config.soffice) : null;
  const jobs = startDiskJobs(ctx.db, store, converter, app.log);
  app.addHook("onClose", async () => jobs.stop());
  await app.register(diskRoutes, { ...ctx, store, key });
  await app.register(fileRoute, { ...ctx, store, key });
  await app.register(uploadRoutes, { ...ctx, store, key, wake: jobs.wake, canConvert: converter !== null });
}
