import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "../src/platform/config.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SKIP_DIRS = new Set(["node_modules", "dist", ".git", ".data", "test-results", "playwright-report", ".turbo"]);
const TEXT = /\.(ts|tsx|mts|js|mjs|cjs|json|md|ya?ml|sh|html|env|example|toml)$|(^|\/)\.env[^/]*$|Dockerfile$/;

/** Every text file of the repository (what anyone who reads it sees), but installed and built ones. */
function repositoryFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : repositoryFiles(full);
    return TEXT.test(full) && !entry.name.endsWith("pnpm-lock.yaml") ? [full] : [];
  });
}

/** Secret-shaped values written in the repository: Stripe keys, webhook secrets, JWT secrets. */
function publishedSecrets() {
  const stripeKeys = new Set<string>();
  const webhookSecrets = new Set<string>();
  const jwtSecrets = new Set<string>();
  for (const file of repositoryFiles()) {
    const text = readFileSync(file, "utf8");
    for (const [key] of text.matchAll(/\b(?:sk|rk)_(?:live|test)_\w+/g)) stripeKeys.add(key);
    for (const [secret] of text.matchAll(/\bwhsec_\w+/g)) webhookSecrets.add(secret);
    for (const [, value] of text.matchAll(/JWT_SECRET[^"'`\n]{0,30}["'`]([^"'`\s|]{8,})["'`]/g)) jwtSecrets.add(value!);
    for (const [, value] of text.matchAll(/\b[A-Z_]*SECRET[A-Z_]*\s*=\s*["'`]([^"'`\n]{8,})["'`]/g)) {
      jwtSecrets.add(value!);
    }
  }
  return { stripeKeys, webhookSecrets, jwtSecrets };
}

const random = (bytes = 24) => randomBytes(bytes).toString("hex");
const production = () => ({
  NODE_ENV: "production",
  JWT_SECRET: random(),
  FIREBASE_PROJECT_ID: "academy-prod",
  STRIPE_SECRET_KEY: `sk_live_${random(12)}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${random(12)}`,
  CAMPER_DATA_KEY: random(32),
  SMTP_URL: "smtps://mail.academy.test:465",
});

describe("production refuses every secret published in this repository", () => {
  const found = publishedSecrets();

  it("finds the local run's, the sandbox's and the test suites' secrets", () => {
    expect([...found.stripeKeys]).toEqual(expect.arrayContaining(["sk_test_local_sandbox", "sk_test_api_suite"]));
    expect([...found.webhookSecrets]).toEqual(expect.arrayContaining(["whsec_local_sandbox", "whsec_api_suite"]));
    expect([...found.jwtSecrets]).toContain("local-development-secret-change-me-in-production");
  });

  it("starts with secrets of the operator's own", () => {
    expect(() => readConfig(production())).not.toThrow();
  });

  it("refuses each published Stripe key, webhook secret and JWT secret", () => {
    const accepted: string[] = [];
    const tryWith = (name: string, value: string) => {
      try {
        readConfig({ ...production(), [name]: value });
        accepted.push(`${name}=${value}`);
      } catch (error) {
        expect(String(error)).toMatch(new RegExp(`${name}.*(published|32 characters|repetitive|Stripe secret key)`));
      }
    };
    for (const key of found.stripeKeys) tryWith("STRIPE_SECRET_KEY", key);
    for (const secret of found.webhookSecrets) tryWith("STRIPE_WEBHOOK_SECRET", secret);
    for (const secret of [...found.jwtSecrets, ...found.stripeKeys, ...found.webhookSecrets]) {
      tryWith("JWT_SECRET", secret);
    }
    expect(accepted).toEqual([]);
  });

  it("refuses a missing, malformed or published key for campers' medical and contact details", () => {
    const { CAMPER_DATA_KEY: _key, ...withoutKey } = production();
    expect(() => readConfig(withoutKey)).toThrow(/missing: CAMPER_DATA_KEY/);
    expect(() => readConfig({ ...production(), CAMPER_DATA_KEY: "not-hex" })).toThrow(/CAMPER_DATA_KEY must be 64 hex/);
    const published = [...found.jwtSecrets].filter((s) => /^[0-9a-f]{64}$/i.test(s));
    expect(published.length).toBeGreaterThan(0);
    for (const key of published) {
      expect(() => readConfig({ ...production(), CAMPER_DATA_KEY: key })).toThrow(/CAMPER_DATA_KEY.*published/);
      expect(() => readConfig({ ...production(), CAMPER_DATA_KEY: key.toUpperCase() })).toThrow(/published/);
    }
    expect(() => readConfig({ ...production(), CAMPER_DATA_OLD_KEYS: "abc" })).toThrow(/CAMPER_DATA_OLD_KEYS/);
  });

  it("refuses a JWT secret that is long but repetitive", () => {
    expect(() => readConfig({ ...production(), JWT_SECRET: "x".repeat(40) })).toThrow(/JWT_SECRET.*repetitive/);
  });

  it("outside production the local defaults still work", () => {
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).payments.secretKey).toBe("sk_test_local_sandbox");
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1" }).mail.smtpUrl).toBe("smtp://127.0.0.1:1025");
    expect(readConfig({ ACADEMY_DEV_DEFAULTS: "1", MAIL_SMTP_PORT: "2525" }).mail.smtpUrl).toBe(
      "smtp://127.0.0.1:2525",
    );
  });

  it("production sends e-mail only through a mail server of its own (SMTP_URL)", () => {
    const { SMTP_URL: _url, ...withoutSmtp } = production();
    expect(() => readConfig(withoutSmtp)).toThrow(/missing: SMTP_URL/);
    expect(() => readConfig({ ...production(), SMTP_URL: "http://mail.example.com" })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
    expect(readConfig({ ...production(), CORS_ORIGINS: "https://camp.example/" }).mail.siteUrl).toBe(
      "https://camp.example",
    );
  });

  it("the server process exits with the reason instead of starting", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        PATH: process.env.PATH,
        ...production(),
        STRIPE_WEBHOOK_SECRET: "whsec_local_sandbox",
        PORT: "0",
        DATA_DIR: path.join(tmpdir(), `academy-config-test-${random(6)}`),
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // A server that starts anyway is stopped after a while (and the test fails).
    const started = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    clearTimeout(started);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/STRIPE_WEBHOOK_SECRET is a value published/);
  }, 30_000);
});

describe("production refuses weak, published and reused keys", () => {
  const ofBytes = (bytes: number[]) => Buffer.from(bytes).toString("hex");
  const halfRandom = randomBytes(16);
  /** Each is 64 hex digits, so only the strength checks can refuse it. */
  const weakKeys = {
    "all zeros": "0".repeat(64),
    "all one byte": "ab".repeat(32),
    "few different bytes": "0123456789abcdef".repeat(4),
    "a pattern repeated": Buffer.concat([halfRandom, halfRandom]).toString("hex"),
    "a count": ofBytes([...Array(32).keys()]),
    "a count by threes": ofBytes([...Array(32).keys()].map((i) => (i * 3) % 256)),
  };

  it("refuses a campers' key that is not random, as the current key or an old one", () => {
    for (const [what, key] of Object.entries(weakKeys)) {
      expect(() => readConfig({ ...production(), CAMPER_DATA_KEY: key }), what).toThrow(
        /CAMPER_DATA_KEY is too weak to be a key/,
      );
      expect(() => readConfig({ ...production(), CAMPER_DATA_OLD_KEYS: `${random(32)},${key}` }), what).toThrow(
        /CAMPER_DATA_OLD_KEYS is too weak to be a key/,
      );
    }
  });

  it("refuses the published development key as an old key too", () => {
    const published = "0d5c1c0fa3be4f0e9c2b7a61d84e3f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4";
    for (const key of [published, published.toUpperCase()]) {
      expect(() => readConfig({ ...production(), CAMPER_DATA_OLD_KEYS: key })).toThrow(
        /CAMPER_DATA_OLD_KEYS is a value published/,
      );
    }
  });

  it("refuses one key named twice, or one secret used for two purposes", () => {
    const env = production();
    const old = random(32);
    expect(() => readConfig({ ...env, CAMPER_DATA_OLD_KEYS: env.CAMPER_DATA_KEY })).toThrow(
      /CAMPER_DATA_KEY and CAMPER_DATA_OLD_KEYS are the same secret/,
    );
    expect(() => readConfig({ ...env, CAMPER_DATA_OLD_KEYS: `${old},${old.toUpperCase()}` })).toThrow(
      /CAMPER_DATA_OLD_KEYS names one key twice/,
    );
    expect(() => readConfig({ ...env, JWT_SECRET: env.CAMPER_DATA_KEY })).toThrow(
      /JWT_SECRET and CAMPER_DATA_KEY are the same secret/,
    );
    expect(() => readConfig({ ...env, JWT_SECRET: env.CAMPER_DATA_KEY.toUpperCase() })).toThrow(/same secret/);
    expect(() => readConfig({ ...env, CAMPER_DATA_OLD_KEYS: old, JWT_SECRET: old })).toThrow(
      /JWT_SECRET and CAMPER_DATA_OLD_KEYS are the same secret/,
    );
    const webhookSecret = `whsec_${random(24)}`;
    expect(() => readConfig({ ...env, STRIPE_WEBHOOK_SECRET: webhookSecret, JWT_SECRET: webhookSecret })).toThrow(
      /JWT_SECRET and STRIPE_WEBHOOK_SECRET are the same secret/,
    );
    // Holding another secret is reusing it: the camper key with a suffix is no JWT secret of its own.
    expect(() => readConfig({ ...env, JWT_SECRET: `${env.CAMPER_DATA_KEY}-jwt` })).toThrow(/same secret/);
  });

  it("refuses a JWT secret that is a short pattern repeated or a count", () => {
    expect(() => readConfig({ ...production(), JWT_SECRET: "abcdefghijkl".repeat(4) })).toThrow(
      /JWT_SECRET is too repetitive.*pattern/,
    );
    expect(() => readConfig({ ...production(), JWT_SECRET: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn" })).toThrow(
      /JWT_SECRET is too repetitive.*count/,
    );
  });

  it("accepts every random key and secret (the checks never refuse what openssl rand makes)", () => {
    for (let i = 0; i < 300; i++) {
      expect(() =>
        readConfig({ ...production(), CAMPER_DATA_OLD_KEYS: `${random(32)},${random(32)}`, JWT_SECRET: random() }),
      ).not.toThrow();
    }
  });
});
