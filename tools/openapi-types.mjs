#!/usr/bin/env node
// The front ends' wire types, generated from the API's OpenAPI document (decision 038):
// api/openapi.json -> shared-auth/src/wire/api.d.ts. `npm run openapi` writes both; the unit test
// beside this file fails while the committed types are not the document's.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import { ROOT } from "./workspace.mjs";

export const DOCUMENT = path.join(ROOT, "api", "openapi.json");
export const WIRE_TYPES = path.join(ROOT, "shared-auth", "src", "wire", "api.d.ts");

/** The TypeScript declarations of the document's paths, operations and named schemas. */
export async function wireTypes(document = DOCUMENT) {
  const ast = await openapiTS(JSON.parse(await readFile(document, "utf8")), {
    // A field the document says may be absent is absent or present, never `undefined` by value.
    exactOptionalPropertyTypes: false,
    alphabetize: false,
  });
  return `${COMMENT_HEADER}// From api/openapi.json by tools/openapi-types.mjs (npm run openapi).\n\n${astToString(ast)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await writeFile(WIRE_TYPES, await wireTypes());
  console.log(`wrote ${path.relative(ROOT, WIRE_TYPES)}`);
}
