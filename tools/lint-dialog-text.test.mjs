import { ESLint } from "eslint";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

const APPS = ["shell", "mfe-public", "mfe-student", "mfe-instructor", "mfe-admin", "shared-auth"];

async function dialogErrors(code, file = "mfe-admin/src/lib/x.ts") {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "dialog-text/text-only");
}

// The names the snippets use, declared so that only the rule under test has something to say.
const given =
  'declare const Swal: typeof import("sweetalert2").default, name: string, reason: string, cond: boolean; import type { SweetAlertOptions } from "sweetalert2";\n';

describe("the dialog text lint rule", () => {
  it.each(APPS)("fails the old admin notice in %s: a name in `title`", async (app) => {
    const errors = await dialogErrors(
      `${given}Swal.fire({ title: \`\${name} is an Admin Now!\` });`,
      `${app}/src/x.ts`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain("`title`");
  });

  it.each([
    ["a shorthand title", "Swal.fire({ ...{ icon: 'success' }, title: name });"],
    ["html", "Swal.fire({ titleText: 'Deleted', html: `<b>${name}</b>` });"],
    ["footer", "Swal.fire({ titleText: 'Deleted', footer: name });"],
    ["a title in a spread", "Swal.fire({ ...(cond ? { title: name } : {}) });"],
    ["a mixin", "const Toast = Swal.mixin({ title: name }); Toast.fire({});"],
    ["a toast made by a mixin", "const Toast = Swal.mixin({}); Toast.fire({ html: reason });"],
    ["options passed by name", "const options = { title: name }; Swal.fire(options);"],
    ["options typed SweetAlertOptions", "const options: SweetAlertOptions = { footer: reason };"],
    ["options returned as SweetAlertOptions", "function f(): SweetAlertOptions { return { html: reason }; }"],
    ["options returned by an arrow", "const f = (): SweetAlertOptions => ({ title: name });"],
    ["options satisfying SweetAlertOptions", "export const o = { title: name } satisfies SweetAlertOptions;"],
    ["an update", "Swal.update({ html: reason });"],
    ["new Swal", "new Swal({ title: name });"],
    ["the short form", "Swal.fire('Not deleted', reason);"],
    ["the short form with a template", "Swal.fire(`${name} was not deleted`);"],
    ["a button label", "Swal.fire({ titleText: 'Sure?', confirmButtonText: name });"],
    ["icon markup", "Swal.fire({ titleText: 'Sure?', iconHtml: reason });"],
  ])("fails %s", async (_, code) => {
    expect(await dialogErrors(given + code)).toHaveLength(1);
  });

  it.each([
    ["user text as titleText and text", "Swal.fire({ titleText: `${name} is an Admin Now!`, text: reason });"],
    [
      "literals",
      "Swal.fire({ title: 'Deleted!', html: 'Your file has been deleted.', footer: `<a href='/'>Home</a>` });",
    ],
    ["the short form with literals", "Swal.fire('Deleted!', 'Your file has been deleted.', 'success');"],
    [
      "an escaped label",
      "declare function escapeHtml(s: string): string; Swal.fire({ confirmButtonText: escapeHtml(name) });",
    ],
    ["a title outside SweetAlert2's options", "const empty = { title: name, none: reason };"],
    ["an options parameter passed on", "function open(o: object) { return Swal.fire(o); }"],
  ])("allows %s", async (_, code) => {
    expect(await dialogErrors(given + code)).toHaveLength(0);
  });

  it("allows a title prop in JSX", async () => {
    const code = "declare const name: string; export const x = <section title={name}>{name}</section>;";
    expect(await dialogErrors(code, "mfe-admin/src/x.tsx")).toHaveLength(0);
  });

  it("no app imports SweetAlert2 itself: dialogs go through shared-auth", async () => {
    const [result] = await eslint.lintText('import Swal from "sweetalert2";\nexport default Swal;\n', {
      filePath: path.join(root, "mfe-admin/src/lib/x.ts"),
    });
    expect(result.messages.filter((m) => m.ruleId === "no-restricted-imports")).toHaveLength(1);
  });
});
