import compress from "@fastify/compress";
import { constants as zlib } from "node:zlib";
import cors from "@fastify/cors";
import * as clock from "./platform/clock.js";
import { documentTransform, documentTransformObject, useContract } from "./platform/contract.js";
import { healthAnswer, notReadyAnswer, readyAnswer } from "./health-answers.js";
import swagger from "@fastify/swagger";
import { DOCUMENT } from "./document-info.js";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deskFamilyRoutes, frontDeskRoutes, logOffice, remindBalancesDue } from "./front-desk/index.js";
import { accountRoutes, authRoutes, createFirebaseVerifier, sessionRoutes, userRoutes } from "./accounts/index.js";
import { adminRoutes, officeExportRoutes } from "./admin/index.js";
import { expireOffers, familyWaitlistPlaces, waitlistRoutes } from "./waitlist/index.js";
import { cancelLapsedPlans, mirrorRecentRefunds, refundRoutes, sendDueRefunds } from "./refunds/index.js";
import { transferRoutes } from "./transfers/index.js";
import { statementRoutes } from "./statements/index.js";
import { aidRoutes } from "./aid/index.js";
import { academyRoutes, loadFacts, refreshFacts } from "./academy/index.js";
import { setupRoutes, setupWatch } from "./setup/index.js";
import { discountRoutes } from "./pricing/index.js";
import { balanceRoutes, instalmentCharger, officeRoutes, paymentPlanRoutes } from "./plans/index.js";
import { camperExportRoutes, camperRoutes, camperStaffRoutes } from "./campers/index.js";
import { enqueueFormReminders, formRoutes } from "./forms/index.js";
import { guardianRoutes } from "./guardians/index.js";
import {
  campDayFamilyRoutes,
  campDayReportRoutes,
  classMessageRoutes,
  pickupRoutes,
  todayRoutes,
} from "./camp-days/index.js";
import { cartRoutes, expireOverdueCheckouts, type CheckoutDeps } from "./booking/index.js";
import {
  classRevenueRoutes,
  classRoutes,
  COMPRESS_THRESHOLD,
  FrontPath,
  instructorRoutes,
  PublicCache,
  putInFront,
} from "./catalog/index.js";
import { assertImageAvailable, imageRoutes, seedImageRoutes } from "./images/index.js";
import { contactRoutes, newsletterRoutes } from "./messages/index.js";
import { ACADEMY, createMailer, notificationRoutes, startOutboxWorker } from "./notifications/index.js";
import {
  createPaymentProvider,
  offerRoutes,
  paymentRoutes,
  reconcilePendingCheckouts,
  type PaymentProvider,
} from "./payments/index.js";
import { authPlugin } from "./platform/access/plugin.js";
import { admissionPlugin } from "./platform/admission.js";
import {
  servedFirst,
  roomHeader,
  waitingRoomGate,
  waitingRoomPapers,
  waitingRoomRoutes,
  watchWaitingRoom,
} from "./waiting-room/index.js";
import type { ApiConfig } from "./platform/config.js";
import type { Database } from "./platform/database/client.js";
import { frameworkErrors, registerErrorHandling } from "./platform/errors.js";
import { redactingStream, serializeRequest } from "./platform/log-redaction.js";
import { rateLimitPlugin } from "./platform/rate-limits.js";
import { noStoreForSealedAnswers, notingOpens } from "./platform/sealed-answers.js";
import { createSealer } from "./platform/sealing.js";
import { API_HELMET_OPTIONS, securityHeaders } from "./platform/security-headers.js";

/** How long a health check waits for the database before calling it slow. */
const PROBE_MS = 1_000;

/** "ok", "slow" (no answer within PROBE_MS: locks, a full pool) or "unreachable" (the query failed). */
async function probeDatabase(db: Database["db"]): Promise<"ok" | "slow" | "unreachable"> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<"slow">((resolve) => (timer = setTimeout(() => resolve("slow"), PROBE_MS)));
  const query = db.execute("select 1").then(
    () => "ok" as const,
    // No free connection within the pool's acquire timeout: busy, not down.
    (error: unknown) =>
      /timeout exceeded when trying to connect/.test(String((error as { cause?: unknown }).cause ?? error))
        ? ("slow" as const)
        : ("unreachable" as const),
  );
  try {
    return await Promise.race([query, slow]);
  } finally {
    clearTimeout(timer);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** One pass of the periodic work now: holds and offers that ran out, refunds to ask again. */
    sweep(): Promise<void>;
    /** One pass of the payment plans' charging now (decision 040): answers how many were charged or refused. */
    chargeInstalments(): Promise<number>;
    /** Reads the waiting room in force now and paces it if a pass is due (decision 043). */
    waitingRoomPass(): Promise<unknown>;
  }
}

export interface AppOptions {
  config: ApiConfig;
  database: Database;
  /** Tests turn request logs off. */
  logger?: boolean;
  /** Where the log lines go (standard output by default; a test reads them). */
  logStream?: { write(line: string): unknown };
  /** The payment provider; by default Stripe's SDK as configured (tests wrap it to inject faults). */
  paymentProvider?: PaymentProvider;
}

export async function buildApp({
  config,
  database,
  logger = true,
  logStream = process.stdout,
  paymentProvider,
}: AppOptions): Promise<FastifyInstance> {
  const { trustProxy, httpTimeouts } = config;
  const app = Fastify({
    // Secrets in URLs (a calendar feed's, an unsubscribe link's) never reach the log.
    logger: logger
      ? { level: config.logLevel, serializers: { req: serializeRequest }, stream: redactingStream(logStream) }
      : false,
    bodyLimit: 1024 * 1024,
    // A client gets so long to send its headers and its whole request, then 408 and the connection
    // closed (Fastify's default is no limit: a body sent a byte at a time held its socket for as
    // long as the client wished). Checked as often as the shortest deadline needs (decision 035).
    requestTimeout: httpTimeouts.requestMs,
    http: {
      requestTimeout: httpTimeouts.requestMs,
      headersTimeout: httpTimeouts.headersMs,
      connectionsCheckingInterval: httpTimeouts.checkEveryMs,
    },
    // Off unless TRUST_PROXY names the proxies in front: otherwise any client could pick the
    // address its rate limits count under by sending X-Forwarded-For. Fastify takes a hop count
    // as "trust nothing", so the count is given as what it means: the nearest n hops are proxies.
    trustProxy: typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  // The cached public lists are answered before Fastify once their copy is in memory (decision 036).
  const front: { path?: FrontPath } = {};
  putInFront(app.server, () => front.path);
  useContract(app);
  registerErrorHandling(app);

  await app.register(securityHeaders, API_HELMET_OPTIONS);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    // The waiting room's ticket and pass (decision 043).
    allowedHeaders: ["Authorization", "Content-Type", "If-None-Match", "Waiting-Room-Ticket", "Waiting-Room-Pass"],
    // Content-Disposition: the file name of a download (a roster CSV, a family's data) for the page that saves it.
    // Date: the API's clock, which the pages count down by (shared-auth server-clock.ts).
    // Retry-After: how long the page waits before it asks again after a 503 or a 429.
    // Waiting-Room: "required" on a refusal for want of the waiting room's pass (decision 043).
    exposedHeaders: ["ETag", "Content-Disposition", "Date", "Retry-After", "Waiting-Room", "X-Statement-Count"],
    maxAge: 600,
  });
  // Every answer's Date is the API's own clock (decision 027): the same as the real one in
  // production, the moved one in a test run, so the pages' countdowns agree with the rules.
  // The text is made once per second of that clock (as Node does for its own Date header).
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.header("date", clock.httpDate());
    done(null, payload);
  });
  // After CORS (a refusal carries its headers, so the page can read it; preflights are answered
  // first) and before everything else: a request past capacity costs nothing (decision 035).
  // A family the waiting room let in is never refused as very busy (decision 043).
  const papers = waitingRoomPapers(config.jwtSecret);
  await app.register(admissionPlugin, { ...config.admission, priority: servedFirst(papers) });
  // Answers over 1 KB go compressed when the client accepts it (the cached public lists are
  // compressed once per copy by sendCached, which sets Content-Encoding, so this leaves them be).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimitPlugin, { ...config.rateLimits, ...config.rateLimitStore });
  await app.register(swagger, {
    openapi: DOCUMENT,
    transform: documentTransform,
    // Schemas with an id (the error shape, a class, a camper...) are written once under
    // components/schemas and referred to: the front ends' types are named after them.
    transformObject: documentTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/docs",
    // swagger-ui's own policy (scripts from here only), framed by nobody, and without
    // upgrade-insecure-requests, which would send the local run's http docs assets to https.
    staticCSP: true,
    transformStaticCSP: (policy) =>
      policy.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;?/, ""),
  });
  await app.register(authPlugin, { db: database.db, secret: config.jwtSecret, ttl: config.accessTokenTtl });
  // Every process reads the room in force, says its load and takes its turn pacing the line.
  const room = watchWaitingRoom({ db: database.db, config: config.waitingRoom, load: app.admission, log: app.log });
  app.decorate("waitingRoomPass", room.refresh);
  // Read before the first request: a process that just started knows the room in force.
  await room.refresh();
  app.addHook("onClose", () => room.stop());
  await app.register(waitingRoomGate, { papers, watch: room });
  await app.register(waitingRoomRoutes({ db: database.db, config: config.waitingRoom, papers, watch: room }));

  // The public lists' cache learns of every process's writes through the database's notifications.
  const changes = database.openChangeFeed(app.log);
  app.addHook("onClose", () => changes.close());
  await changes.start();
  const cache = new PublicCache(database.db, changes, { log: app.log });
  // The academy's own facts, which every message reads (decision 051): the starting ones until then.
  await loadFacts(database.db).catch((error: unknown) =>
    app.log.warn({ err: error }, "the academy's facts were not read"),
  );
  front.path = new FrontPath(cache, { date: clock.httpDate, log: app.log, room: roomHeader(room) });
  // While the API closes, Fastify answers every request (503 to new ones).
  app.addHook("preClose", async () => front.path?.close());
  // Liveness answers at once whatever the database does; readiness says whether it answers in time.
  app.get(
    "/health",
    {
      schema: {
        operationId: "getHealth",
        tags: ["health"],
        summary: "Liveness (always 200, within a second) and the database's state",
        response: { 200: healthAnswer.describe("Alive; the database's state and the process's figures") },
      },
    },
    async () => ({
      status: "ok" as const,
      database: database.driver,
      databaseState: await probeDatabase(database.db),
      listCache: cache.mode,
      // Requests for the cached lists answered before Fastify (decision 036).
      frontServed: front.path?.served ?? 0,
      rateLimits: app.rateLimitStore,
      // Requests this process serves now, its limit, and how many it refused as very busy (decision 035).
      admission: app.admission(),
    }),
  );
  app.get(
    "/health/ready",
    {
      schema: {
        operationId: "getReadiness",
        tags: ["health"],
        summary: "Readiness: 200 when the database answers within a second, else 503",
        response: {
          200: readyAnswer.meta({ description: "The database answered within a second" }),
          503: notReadyAnswer,
        },
      },
    },
    async (_request, reply) => {
      const state = await probeDatabase(database.db);
      if (state === "ok") return { status: "ready" as const, database: database.driver, databaseState: state };
      void reply.header("Retry-After", "2");
      return reply.status(503).send({
        error: "Service Unavailable",
        message: state === "slow" ? "The database is slow to answer." : "The database cannot be reached.",
        databaseState: state,
      });
    },
  );
  const verifier = createFirebaseVerifier(config);
  // Campers' medical and contact details are sealed with the configured key (decision 030); an
  // answer that opened any is not kept by caches (platform/sealed-answers.ts).
  const sealer = notingOpens(createSealer(config.camperDataKey, config.camperDataOldKeys));
  await app.register(noStoreForSealedAnswers);
  app.addHook("onClose", () => verifier.close());
  await app.register(authRoutes(database.db, cache, verifier));
  await app.register(classRoutes(database.db, cache, sealer, config.payments));
  await app.register(classRevenueRoutes(database.db));
  await app.register(userRoutes(database.db, cache, verifier, config.payments));
  await app.register(instructorRoutes(database.db, cache));
  await app.register(sessionRoutes(database.db, verifier));
  await app.register(accountRoutes(database.db, cache, verifier, config.payments));
  const checkout: CheckoutDeps = {
    db: database.db,
    cache,
    provider: paymentProvider ?? createPaymentProvider(config.payments),
    config: config.payments,
    log: app.log,
    sealer,
  };
  await app.register(cartRoutes(checkout));
  await app.register(frontDeskRoutes({ ...checkout, identity: verifier }));
  await app.register(deskFamilyRoutes({ ...checkout, identity: verifier }));
  await app.register(transferRoutes(checkout));
  await app.register(statementRoutes(database.db));
  await app.register(aidRoutes({ db: database.db, sealer, officeLog: logOffice }));
  const setup = setupWatch(database.db);
  await app.register(
    academyRoutes({
      db: database.db,
      officeLog: logOffice,
      assertImageAvailable: (url, field) => assertImageAvailable(database.db, url, field),
      setupNeeded: setup.needed,
    }),
  );
  await app.register(
    setupRoutes(
      { db: database.db, key: config.camperDataKey, watch: setup, identity: verifier, officeLog: logOffice },
      config.mail.siteUrl,
    ),
  );
  await app.register(paymentRoutes(checkout));
  await app.register(offerRoutes(checkout));
  await app.register(waitlistRoutes({ db: database.db, sealer, line: config.payments }));
  const refunding = { db: database.db, provider: checkout.provider, log: app.log };
  const chargeInstalments = instalmentCharger({ ...refunding, config: config.payments });
  await app.register(refundRoutes({ ...refunding, cache, line: config.payments }));
  // Holds that ran out give their seats back even when nobody opens a checkout (a checkout that
  // meets a class full ends them too), every 30 s; `app.sweep()` runs a pass now.
  const warnIfFailed = (what: string) => (error: unknown) => app.log.warn({ err: error }, what);
  app.decorate("sweep", async () => {
    await Promise.all([
      expireOverdueCheckouts(checkout).catch(warnIfFailed("expiring checkouts failed")),
      // Waitlist offers nobody took in time: their seats go to the next families in line.
      expireOffers(database.db, config.payments).catch(warnIfFailed("expiring waitlist offers failed")),
      // Refunds the provider did not answer: asked again, under the same idempotency key.
      sendDueRefunds(refunding).catch(warnIfFailed("sending refunds failed")),
      // Payment plans at risk past the academy's grace period, when its rule is to cancel them.
      cancelLapsedPlans({ ...refunding, cache, line: config.payments }).catch(
        warnIfFailed("cancelling lapsed payment plans failed"),
      ),
      // The academy's facts, read again when an admin changed them in another process (decision 051).
      refreshFacts(database.db).catch(warnIfFailed("reading the academy's facts failed")),
    ]);
  });
  // Payment plans' instalments due (decision 040), in every process, each charged once.
  app.decorate("chargeInstalments", chargeInstalments);
  const charging = setInterval(
    () => void chargeInstalments().catch(warnIfFailed("charging instalments failed")),
    config.payments.instalments.checkSeconds * 1000,
  );
  charging.unref();
  app.addHook("onClose", () => clearInterval(charging));
  const sweep = setInterval(() => void app.sweep(), 30_000);
  sweep.unref();
  app.addHook("onClose", () => clearInterval(sweep));
  // A paid checkout is settled within about a minute even when every webhook delivery failed and
  // the browser never reported it (payments/reconcile.ts).
  const reconcile = setInterval(() => {
    reconcilePendingCheckouts(checkout, config.reconcileIntervalMs).catch((error: unknown) =>
      app.log.warn({ err: error }, "reconciling pending checkouts failed"),
    );
    // Refunds made in the provider's Dashboard, and refund updates whose webhook was lost.
    mirrorRecentRefunds(refunding).catch((error: unknown) =>
      app.log.warn({ err: error }, "mirroring the provider's refunds failed"),
    );
  }, config.reconcileIntervalMs);
  reconcile.unref();
  app.addHook("onClose", () => clearInterval(reconcile));
  // E-mails written to the outbox by any process go out through this one's worker too (decision 032).
  const mailer = createMailer(config.mail);
  const outbox = startOutboxWorker({
    db: database.db,
    mailer,
    config: config.mail,
    log: app.log,
    busy: () => app.admission().busy,
    scheduled: [() => enqueueFormReminders(database.db), () => remindBalancesDue(database.db)],
  });
  app.addHook("onClose", async () => {
    await outbox.stop();
    mailer.close();
  });
  await app.register(adminRoutes(database.db));
  await app.register(officeExportRoutes(database.db));
  await app.register(notificationRoutes({ db: database.db, config: config.mail }));
  await app.register(discountRoutes(database.db));
  await app.register(paymentPlanRoutes(database.db));
  await app.register(balanceRoutes({ db: database.db, provider: checkout.provider, log: app.log }));
  await app.register(officeRoutes(database.db));
  await app.register(contactRoutes(database.db));
  await app.register(newsletterRoutes(database.db));
  await app.register(camperRoutes({ db: database.db, sealer }));
  await app.register(guardianRoutes({ db: database.db }));
  await app.register(formRoutes({ db: database.db, sealer, academy: () => ACADEMY.name }));
  await app.register(pickupRoutes({ db: database.db }));
  await app.register(todayRoutes({ db: database.db, sealer }));
  await app.register(campDayFamilyRoutes({ db: database.db }));
  await app.register(classMessageRoutes({ db: database.db }));
  await app.register(campDayReportRoutes({ db: database.db, sealer }));
  await app.register(camperExportRoutes({ db: database.db, sealer, waitlistOf: familyWaitlistPlaces }));
  await app.register(camperStaffRoutes({ db: database.db, sealer, waitlistOf: familyWaitlistPlaces }));
  await app.register(seedImageRoutes);
  await app.register(imageRoutes(database.db, { maxBytes: config.imageMaxBytes }));
  return app;
}
