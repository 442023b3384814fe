import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../context";
import courseStudentRoutes from "./students";
import uploadRoutes from "./upload";
import userStatRoutes from "./user-stats";

/** Courses and their students (1 §2.5, §7), the image upload, and the teacher and student detail statistics. */
export default async function coursesDomain(app: FastifyInstance, ctx: Ctx) {
  // A blank filter is no filter: search forms send their empty fields as `title=` or `status=`.
  app.addHook("preValidation", async (request) => {
    const query = request.query as Record<string, unknown> | null;
    if (query && typeof query === "object") for (const [k, v] of Object.entries(query)) if (v === "") delete query[k];
  });
  await app.register(courseStudentRoutes, ctx);
  await app.register(uploadRoutes, ctx);
  await app.register(userStatRoutes, ctx);
}
