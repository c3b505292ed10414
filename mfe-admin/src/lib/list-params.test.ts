import { describe, expect, it } from "vitest";
import { changedListQuery, pageRange, readListParams, type ListParams } from "./list-params";

const read = (query: string) => readListParams(new URLSearchParams(query));

const DEFAULTS: ListParams = { page: 1, size: 20, search: "", sort: "", dir: "asc", filter: "" };

describe("readListParams", () => {
  it("reads a bare URL as page 1 of 20, unsorted, ascending, unfiltered", () => {
    expect(read("")).toEqual(DEFAULTS);
  });

  it("reads every parameter from its URL name", () => {
    expect(read("page=3&size=50&q=ann&sort=email&dir=desc&filter=admin")).toEqual({
      page: 3,
      size: 50,
      search: "ann",
      sort: "email",
      dir: "desc",
      filter: "admin",
    });
  });

  it.each(["0", "-2", "1.5", "abc", "", "Infinity"])("reads page=%s as page 1", (page) => {
    expect(read(`page=${page}`).page).toBe(1);
  });

  it("takes only the offered page sizes, anything else as 20", () => {
    expect(read("size=10").size).toBe(10);
    expect(read("size=50").size).toBe(50);
    for (const size of ["15", "100", "0", "-10", "abc", "20.5"]) expect(read(`size=${size}`).size).toBe(20);
  });

  it("sorts descending only for dir=desc", () => {
    expect(read("dir=desc").dir).toBe("desc");
    expect(read("dir=DESC").dir).toBe("asc");
    expect(read("dir=down").dir).toBe("asc");
  });

  it("keeps a search as typed (the URL decodes it)", () => {
    expect(read("q=O%27Brien+%26+co").search).toBe("O'Brien & co");
  });
});

describe("changedListQuery", () => {
  const onPage3: ListParams = { page: 3, size: 50, search: "ann", sort: "email", dir: "desc", filter: "admin" };

  it("goes back to page 1 on any change but the page", () => {
    const query = changedListQuery(onPage3, { search: "bob" });
    expect(query.get("page")).toBeNull();
    expect(readListParams(query)).toEqual({ ...onPage3, page: 1, search: "bob" });
    expect(changedListQuery(onPage3, { filter: "student" }).get("page")).toBeNull();
    expect(changedListQuery(onPage3, { size: 10 }).get("page")).toBeNull();
    expect(changedListQuery(onPage3, { dir: "asc" }).get("page")).toBeNull();
  });

  it("keeps the rest when only the page changes", () => {
    const query = changedListQuery(onPage3, { page: 4 });
    expect(query.toString()).toBe("page=4&size=50&q=ann&sort=email&dir=desc&filter=admin");
    expect(readListParams(query)).toEqual({ ...onPage3, page: 4 });
  });

  it("leaves defaults out of the URL", () => {
    expect(changedListQuery(DEFAULTS, {}).toString()).toBe("");
    expect(
      changedListQuery(onPage3, { page: 1, size: 20, search: "", sort: "", dir: "asc", filter: "" }).toString(),
    ).toBe("");
  });

  it("round-trips through the URL", () => {
    for (const params of [DEFAULTS, onPage3, { ...DEFAULTS, page: 2, search: "a b&c=d" }]) {
      expect(readListParams(changedListQuery(params, { page: params.page }))).toEqual(params);
    }
  });
});

describe("pageRange", () => {
  it("shows 21–40 of 3,012 on page 2 of 151", () => {
    expect(pageRange({ page: 2, size: 20 }, 3012)).toEqual({ pages: 151, first: 21, last: 40 });
  });

  it("ends the last page at the total", () => {
    expect(pageRange({ page: 151, size: 20 }, 3012)).toEqual({ pages: 151, first: 3001, last: 3012 });
    expect(pageRange({ page: 2, size: 20 }, 40)).toEqual({ pages: 2, first: 21, last: 40 });
  });

  it("is one empty page when there are no rows", () => {
    expect(pageRange({ page: 1, size: 20 }, 0)).toEqual({ pages: 1, first: 0, last: 0 });
  });

  it("is one page when the rows fit", () => {
    expect(pageRange({ page: 1, size: 50 }, 7)).toEqual({ pages: 1, first: 1, last: 7 });
  });
});
