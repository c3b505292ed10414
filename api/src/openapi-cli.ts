/**
 * Writes the API's OpenAPI document (the one served at /docs/json) to api/openapi.json, where the
 * front ends' wire types are generated from and the linters read it (decision 038). Run by
 * `pnpm --filter api openapi`; the API suite fails while the committed file is not the served one.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { openApiDocument } from "./openapi-document.js";

const target = fileURLToPath(new URL("../openapi.json", import.meta.url));
await writeFile(target, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
console.log(`wrote ${target}`);
