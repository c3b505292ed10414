import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports");
}

describe("the app-boundary lint rule", () => {
  it.each([
    ["mfe-public/src/pages/x.tsx", 'import { Navbar } from "../../../shell/src/layout/navbar";'],
    ["mfe-public/src/pages/x.tsx", 'import AdminHome from "../../../mfe-admin/src/pages/admin-home-page";'],
    ["mfe-student/src/x.ts", 'import x from "mfe-public";'],
    ["shell/src/x.ts", 'import HomePage from "../../mfe-public/src/pages/home-page";'],
    // Not in the shared router (ADR 017): data-router APIs.
    ["mfe-public/src/pages/x.tsx", 'import { useLoaderData } from "react-router-dom";'],
    ["shared-auth/src/x.tsx", 'import { Form } from "react-router-dom";'],
    // shared-auth, compiled into every app, imports none of them.
    ["shared-auth/src/x.ts", 'import { ROUTES } from "../../shell/src/routes/route-table";'],
    ["shared-auth/src/ui/x.tsx", 'import { CartPage } from "mfe-student";'],
    ["shared-auth/src/x.ts", 'import type { RosterEntry } from "../../mfe-instructor/src/lib/roster";'],
  ])("fails %s importing across an app boundary", async (file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ["mfe-public/src/pages/x.tsx", 'import { useAcademy } from "shared-auth";'],
    ["mfe-public/src/pages/x.tsx", 'import "../styles.css";'],
    ["shell/src/x.ts", 'import { loadRemote } from "@module-federation/enhanced/runtime";'],
    ["mfe-public/src/pages/x.tsx", 'import { Link, useSearchParams } from "react-router-dom";'],
    ["shared-auth/src/x.ts", 'import { api } from "./api-client";'],
  ])("allows %s: %s", async (file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(0);
  });
});
