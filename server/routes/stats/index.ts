import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../context";
import boardRoutes from "./board";
import chartRoutes from "./charts";
import consumeRoutes from "./consume";
import homeRoutes from "./home";

/** The admin home dashboard and the statistics pages (1 §2.3, §7; 3 §2.2, §7.2, §7.4b). */
export default async function statsRoutes(app: FastifyInstance, ctx: Ctx) {
  homeRoutes(app, ctx);
  boardRoutes(app, ctx);
  chartRoutes(app, ctx);
  consumeRoutes(app, ctx);
}
