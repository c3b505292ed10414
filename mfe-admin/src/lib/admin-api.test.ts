import { describe, expect, it } from "vitest";
import { listQuery, retryTransient } from "./admin-api";
import type { ListParams } from "./list-params";

const params: ListParams = { page: 1, size: 20, search: "", sort: "", dir: "asc", filter: "" };

/** A failure as axios reports an answer with this status (or no answer at all). */
const apiError = (status?: number) => ({
  isAxiosError: true,
  ...(status !== undefined && { response: { status } }),
});

describe("listQuery", () => {
  it("sends only the page and its size for an untouched list", () => {
    expect(listQuery(params, "role")).toEqual({ page: 1, size: 20 });
  });

  it("sends the search, the sort, a descending order and the filter under the list's own name", () => {
    const p: ListParams = { page: 2, size: 50, search: "ann", sort: "email", dir: "desc", filter: "admin" };
    expect(listQuery(p, "role")).toEqual({
      page: 2,
      size: 50,
      search: "ann",
      sort: "email",
      dir: "desc",
      role: "admin",
    });
    expect(listQuery({ ...p, filter: "pending" }, "status")).toEqual({
      page: 2,
      size: 50,
      search: "ann",
      sort: "email",
      dir: "desc",
      status: "pending",
    });
  });

  it("leaves the ascending order out (the API's default)", () => {
    expect(listQuery({ ...params, sort: "name", dir: "asc" }, "status")).not.toHaveProperty("dir");
  });
});

describe("retryTransient", () => {
  it.each([400, 401, 403, 404, 409, 422, 499])("never retries a %i", (status) => {
    expect(retryTransient(0, apiError(status))).toBe(false);
  });

  it.each([
    ["a server error", apiError(500)],
    ["a 503", apiError(503)],
    ["no answer", apiError()],
    ["an error that is not the API's", new Error("boom")],
  ])("retries %s up to 3 times", (_, error) => {
    expect(retryTransient(0, error)).toBe(true);
    expect(retryTransient(2, error)).toBe(true);
    expect(retryTransient(3, error)).toBe(false);
  });
});
