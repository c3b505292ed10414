import { beforeEach, describe, expect, it, vi } from "vitest";

// @tanstack/react-query is a federated singleton: if the shared library imported it, every page
// would download it with the shell. Here the module registry is fresh and the real package sits
// behind a mock that counts its loads.
let loads = 0;

beforeEach(() => {
  loads = 0;
  vi.resetModules();
  vi.doMock("@tanstack/react-query", async (importOriginal) => {
    loads++;
    return importOriginal();
  });
});

describe("the queries' library loads with the first part of a page that asks for data", () => {
  it("importing shared-auth loads none of it; shared-auth/queries does, and makes the page's one client", async () => {
    const shared = await import("../index");
    expect(loads).toBe(0);

    const queries = await import("./index");
    expect(loads).toBe(1);
    expect(shared.pageQueryClient(queries.createQueryClient)).toBe(queries.queryClient);
  });
});
