/** Everything the API reads from its environment, read once, with the local defaults. */
export interface ApiConfig {
  port: number;
  host: string;
  production: boolean;
  /** Browser origins allowed to call the API (the site's shell). */
  corsOrigins: string[];
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  return {
    port: Number(env.PORT ?? env.API_PORT ?? 4000),
    host: env.HOST ?? "127.0.0.1",
    production: env.NODE_ENV === "production",
    corsOrigins: (env.CORS_ORIGINS ?? "http://localhost:3000")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
  };
}
