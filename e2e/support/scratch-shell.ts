import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { appendFileSync } from "node:fs";
import { deployedPageHeaders } from "../../tools/security-headers.mjs";
import { CSP_REPORT_PATH, startStaticServer } from "../../tools/serve-static.mjs";
import { CSP_VIOLATIONS_FILE } from "./global-setup";
import { E2E_PORTS, SCRATCH_PORTS } from "./ports";

const root = path.resolve(import.meta.dirname, "../..");

/** Where a shell started by `startScratchShell` answers. */
export const SCRATCH_SHELL_URL = `http://localhost:${SCRATCH_PORTS.shell}`;

/**
 * The shell's production build on the scratch port, with this remotes.json and the e2e API, served
 * as a plain static host does (no request-time composition, decision 020), with the security
 * headers its deploy files make. `name` keeps each test's deploy-time files apart.
 */
export function startScratchShell(
  remotes: Record<string, string>,
  name: string,
): Promise<{ close: () => Promise<void> }> {
  const dir = path.join(root, ".tmp", "e2e-scratch-shells", name);
  mkdirSync(dir, { recursive: true });
  const remotesFile = path.join(dir, "remotes.json");
  const envFile = path.join(dir, "env.json");
  writeFileSync(remotesFile, JSON.stringify(remotes));
  writeFileSync(envFile, JSON.stringify({ apiUrl: `http://localhost:${E2E_PORTS.api}` }));
  return startStaticServer({
    dir: path.join(root, "shell", "dist"),
    port: SCRATCH_PORTS.shell,
    spa: true,
    overrides: { "/remotes.json": remotesFile, "/env.json": envFile },
    pageHeaders: deployedPageHeaders({ remotesFile, envFile, reportUri: CSP_REPORT_PATH }),
    onCspReport: (report) => appendFileSync(CSP_VIOLATIONS_FILE, `${JSON.stringify(report)}\n`),
  });
}
