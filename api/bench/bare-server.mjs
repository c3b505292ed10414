// The baseline: a bare Fastify route answering a fixed JSON body (what GET /classes returned).
import Fastify from "fastify";
import { readFileSync } from "node:fs";

const body = readFileSync(process.env.BODY_FILE, "utf8");
const app = Fastify({ logger: false });
app.get("/classes", (_req, reply) => reply.type("application/json; charset=utf-8").send(body));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
