import path from "node:path";

/** Everything the API reads from its environment, read once, with the local defaults. */
export interface ApiConfig {
  port: number;
  host: string;
  production: boolean;
  /** Browser origins allowed to call the API (the site's shell). */
  corsOrigins: string[];
  /** PostgreSQL when set; otherwise PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Signs the API's own access tokens. */
  jwtSecret: string;
  accessTokenTtl: string;
  logLevel: string;
}

const DEV_SECRET = "local-development-secret-change-me-in-production";

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const production = env.NODE_ENV === "production";
  const jwtSecret = env.JWT_SECRET ?? (production ? "" : DEV_SECRET);
  if (production && jwtSecret.length < 32) {
    throw new Error("JWT_SECRET must be set to at least 32 characters in production");
  }
  return {
    port: Number(env.PORT ?? env.API_PORT ?? 4000),
    host: env.HOST ?? "127.0.0.1",
    production,
    corsOrigins: (env.CORS_ORIGINS ?? "http://localhost:3000")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(import.meta.dirname, "../../.data/api")),
    jwtSecret,
    accessTokenTtl: env.ACCESS_TOKEN_TTL ?? "1h",
    logLevel: env.LOG_LEVEL ?? (production ? "info" : "warn"),
  };
}
