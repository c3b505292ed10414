// The `stripe` package's own type declarations (the OpenAPI-derived .d.ts files of the installed
// version), read with the TypeScript compiler, and a check of JSON answers against them: every field
// the SDK declares always present is there, nothing is null that the SDK does not declare nullable,
// every value has a declared type (a literal among the declared ones), and no field is undeclared.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";

const require = createRequire(import.meta.url);
const PACKAGE_DIR = path.dirname(import.meta.dirname);
/** A module of type aliases the declarations are read through; it exists only in the compiler host. */
const ROOT_FILE = path.join(PACKAGE_DIR, "test", "stripe-declarations.virtual.mts");
const ROOT_SOURCE = `import type Stripe from "stripe";
export type PaymentIntent = Stripe.PaymentIntent;
export type PaymentMethod = Stripe.PaymentMethod;
export type Charge = Stripe.Charge;
export type Refund = Stripe.Refund;
export type Customer = Stripe.Customer;
export type SetupIntent = Stripe.SetupIntent;
export type Event = Stripe.Event;
export type EventList = Stripe.ApiList<Stripe.Event>;
export type RefundList = Stripe.ApiList<Stripe.Refund>;
export type PaymentMethodList = Stripe.ApiList<Stripe.PaymentMethod>;
/** The error object of an API error answer (\`{ "error": ... }\`), as the OpenAPI spec's api_errors. */
export type ApiError = Stripe.PaymentIntent.LastPaymentError;
`;

/** The installed SDK's version (its package.json is not among its exports: found from its entry). */
function stripeVersion() {
  for (let dir = path.dirname(require.resolve("stripe")); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    if (manifest.name === "stripe") return manifest.version;
  }
  throw new Error("the stripe package's package.json was not found");
}

export const STRIPE_VERSION = stripeVersion();

/**
 * Loads the declarations (a few seconds). `check(value, name)` lists what is wrong with `value` as the
 * object `name` (one of the aliases above); a missing field is named as the SDK names it
 * (`PaymentMethod.Card.networks`: the declaring interface, then the field), for an allow-list.
 */
export function loadStripeDeclarations() {
  const options = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === ROOT_FILE || fileExists.call(host, file);
  host.readFile = (file) => (file === ROOT_FILE ? ROOT_SOURCE : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) =>
    file === ROOT_FILE
      ? ts.createSourceFile(file, ROOT_SOURCE, language, true)
      : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram([ROOT_FILE], options, host);
  const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    throw new Error(`the stripe declarations do not compile:\n${ts.formatDiagnostics(errors, host)}`);
  }
  const checker = program.getTypeChecker();
  const root = program.getSourceFile(ROOT_FILE);
  const aliases = new Map();
  for (const statement of root.statements) {
    if (ts.isTypeAliasDeclaration(statement)) {
      aliases.set(statement.name.text, checker.getTypeFromTypeNode(statement.type));
    }
  }
  const show = (type) => checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);

  /** `PaymentIntent.LastPaymentError.code`: the declaring interface's name in the SDK (without its module), then the field. */
  function fieldName(property) {
    const qualified = checker.getFullyQualifiedName(property);
    return qualified.replace(/^"[^"]*"\./, "");
  }

  /** A union's members (never `undefined`: a JSON value is never undefined, an absent field is checked apart). */
  const membersOf = (type) =>
    (type.isUnion() ? type.types : [type]).filter((member) => (member.flags & ts.TypeFlags.Undefined) === 0);
  const isString = (type) =>
    (type.flags & ts.TypeFlags.String) !== 0 ||
    (type.isIntersection() && type.types.some((part) => (part.flags & ts.TypeFlags.String) !== 0));
  const isArray = (type) => checker.isArrayType(type) || checker.isTupleType(type);
  const isObject = (type) =>
    !isArray(type) && !isString(type) && (type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) !== 0;

  /** Whether `value` is one of the primitive types among `members` (a literal must be the same value). */
  function primitiveMatches(value, members) {
    return members.some((type) => {
      if (typeof value === "string") {
        return isString(type) || (type.isStringLiteral() && type.value === value);
      }
      if (typeof value === "number") {
        return (type.flags & ts.TypeFlags.Number) !== 0 || (type.isNumberLiteral() && type.value === value);
      }
      if (typeof value === "boolean") {
        if ((type.flags & ts.TypeFlags.Boolean) !== 0) return true;
        return (type.flags & ts.TypeFlags.BooleanLiteral) !== 0 && type.intrinsicName === String(value);
      }
      return false;
    });
  }

  /** The union members `value` may be: those whose literal `object` and `type` fields match its own. */
  function discriminate(value, candidates) {
    return candidates.filter((type) =>
      ["object", "type"].every((key) => {
        const property = checker.getPropertyOfType(type, key);
        if (!property || typeof value[key] !== "string") return true;
        const declared = membersOf(checker.getTypeOfSymbol(property));
        return primitiveMatches(value[key], declared) || declared.every((t) => !t.isStringLiteral() && !isString(t));
      }),
    );
  }

  function checkObject(value, type, at, found) {
    const declared = new Set();
    for (const property of checker.getPropertiesOfType(type)) {
      const name = property.getName();
      declared.add(name);
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      if (!Object.hasOwn(value, name)) {
        if (!optional) found.push({ kind: "missing", path: `${at}.${name}`, field: fieldName(property) });
        continue;
      }
      checkValue(value[name], checker.getTypeOfSymbol(property), `${at}.${name}`, found);
    }
    const indexes = checker.getIndexInfosOfType(type);
    for (const key of Object.keys(value)) {
      if (declared.has(key)) continue;
      const index = indexes.find((info) => (info.keyType.flags & ts.TypeFlags.String) !== 0);
      if (index) checkValue(value[key], index.type, `${at}.${key}`, found);
      else found.push({ kind: "undeclared", path: `${at}.${key}`, detail: `not a field of ${show(type)}` });
    }
  }

  function checkValue(value, type, at, found) {
    // A field the SDK leaves open (`unknown`, e.g. next_action.use_stripe_sdk's contents, which only Stripe.js reads).
    if ((type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) !== 0) return;
    const members = membersOf(type);
    if (value === null) {
      if (!members.some((t) => (t.flags & ts.TypeFlags.Null) !== 0)) {
        found.push({ kind: "null", path: at, detail: `null, but the SDK declares ${show(type)} (not nullable)` });
      }
      return;
    }
    if (typeof value !== "object") {
      if (!primitiveMatches(value, members)) {
        found.push({ kind: "type", path: at, detail: `${JSON.stringify(value)} is not a ${show(type)}` });
      }
      return;
    }
    if (Array.isArray(value)) {
      const array = members.find(isArray);
      if (!array) {
        found.push({ kind: "type", path: at, detail: `an array, but the SDK declares ${show(type)}` });
        return;
      }
      const [element] = checker.getTypeArguments(array);
      value.forEach((item, index) => checkValue(item, element, `${at}[${index}]`, found));
      return;
    }
    const objects = members.filter(isObject);
    if (objects.length === 0) {
      found.push({ kind: "type", path: at, detail: `an object, but the SDK declares ${show(type)}` });
      return;
    }
    // One declared object: checked field by field (a wrong `object` value is named there).
    const candidates = objects.length === 1 ? objects : discriminate(value, objects);
    if (candidates.length === 0) {
      const tags = ["object", "type"].filter((key) => typeof value[key] === "string").map((k) => `${k} "${value[k]}"`);
      found.push({ kind: "type", path: at, detail: `an object (${tags.join(", ")}) that is none of ${show(type)}` });
      return;
    }
    // Several possible objects (e.g. Customer | DeletedCustomer): the one the value fits best.
    let best;
    for (const candidate of candidates) {
      const attempt = [];
      checkObject(value, candidate, at, attempt);
      if (!best || attempt.length < best.length) best = attempt;
      if (best.length === 0) break;
    }
    found.push(...best);
  }

  return {
    version: STRIPE_VERSION,
    /** The problems of `value` as the object `name`, e.g. `{ kind: "missing", path: "$.client_secret", field: "PaymentIntent.client_secret" }`. */
    check(value, name, at = name) {
      const type = aliases.get(name);
      if (!type) throw new Error(`no declaration read for ${name}`);
      const found = [];
      checkValue(value, type, at, found);
      return found;
    },
    /** The field names the SDK declares on `name` (e.g. to list them in a message). */
    fields(name) {
      const type = aliases.get(name);
      return checker.getPropertiesOfType(type).map((property) => ({
        name: property.getName(),
        optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
      }));
    },
  };
}
