import type * as Axios from "axios";
import type { AxiosAdapter } from "axios";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";

// Axios is a federated singleton: a module that imports it at start makes every page download it.
// Here the module registry is fresh for each test and "axios" is the real package behind a mock
// that counts when it is loaded and how many clients are created from it.
let loads = 0;
let create: MockInstance<Axios.AxiosStatic["create"]> | undefined;
let failNextLoad = false;

const ok: AxiosAdapter = async (config) => ({ data: {}, status: 200, statusText: "", headers: {}, config });

beforeEach(() => {
  loads = 0;
  create = undefined;
  failNextLoad = false;
  vi.resetModules();
  vi.doMock("axios", async (importOriginal) => {
    if (failNextLoad) {
      failNextLoad = false;
      throw new TypeError("Failed to fetch dynamically imported module");
    }
    loads++;
    const actual = await importOriginal<typeof Axios>();
    create = vi.spyOn(actual.default, "create");
    return actual;
  });
});

afterEach(() => {
  vi.doUnmock("axios");
  vi.resetModules();
});

describe("the API client loads axios on demand", () => {
  it("importing shared-auth loads no axios; the first call does, and every call shares one instance", async () => {
    const { api, errorMessage, shouldRetry } = await import("./index");
    const { queryClient } = await import("./queries/client");
    // What runs at start: the QueryClient, its retry policy and the error messages.
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(shouldRetry);
    expect(shouldRetry(0, new Error("x"))).toBe(true);
    expect(errorMessage(new Error("x"), "fallback")).toBe("fallback");
    expect(loads).toBe(0);

    await api.get("/classes", { adapter: ok });
    expect(loads).toBe(1);
    await Promise.all([api.post("/carts", {}, { adapter: ok }), api.delete("/carts/1", { adapter: ok })]);
    expect(loads).toBe(1);
    expect(create).toHaveBeenCalledOnce();
    expect(create).toHaveBeenCalledWith({ timeout: 30_000 });
  });

  it("tries the download again on the next call when it failed", async () => {
    const { api } = await import("./api-client");
    failNextLoad = true;
    // (vitest reports a mock's failure with its own message)
    await expect(api.get("/classes", { adapter: ok })).rejects.toThrow();
    expect(loads).toBe(0);
    await expect(api.get("/classes", { adapter: ok })).resolves.toMatchObject({ status: 200 });
    expect(loads).toBe(1);
  });
});
