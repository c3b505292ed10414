import { describe, expect, it } from "vitest";
import { classListParams, MAX_PAGES, readClassList } from "./class-filters";

const read = (query: string) => readClassList(new URLSearchParams(query));

describe("readClassList", () => {
  it("reads a bare /classes as the most popular first, one page, unfiltered", () => {
    expect(read("")).toEqual({ query: { sort: "popular" }, sortValue: "popular", pages: 1, filtered: false });
  });

  it("keeps every filter the API accepts, trimmed", () => {
    const state = read(
      "search=+tennis+&sport=tennis&age=10&level=beginner&week=2027-07-05&min_price=50&max_price=199.99",
    );
    expect(state.query).toEqual({
      search: "tennis",
      sport: "tennis",
      age: "10",
      level: "beginner",
      week: "2027-07-05",
      min_price: "50",
      max_price: "199.99",
      sort: "popular",
    });
    expect(state.filtered).toBe(true);
  });

  it.each([
    ["sport", "quidditch"],
    // Names every object has are no sport or level.
    ["sport", "constructor"],
    ["level", "toString"],
    ["age", "4"],
    ["age", "19"],
    ["age", "7.5"],
    ["age", "ten"],
    ["level", "expert"],
    ["week", "2027-13-01"],
    ["week", "05/07/2027"],
    ["week", "2027-7-5"],
    ["min_price", "-5"],
    ["min_price", "1.234"],
    ["max_price", "cheap"],
    ["search", "   "],
  ])("drops %s=%s, which the API would refuse", (key, value) => {
    const state = read(new URLSearchParams({ [key]: value }).toString());
    expect(state.query).not.toHaveProperty(key);
    expect(state.filtered).toBe(false);
  });

  it("takes ages 5 and 18, the ends of the range", () => {
    expect(read("age=5").query.age).toBe("5");
    expect(read("age=18").query.age).toBe("18");
  });

  it("takes a search of up to 100 characters", () => {
    expect(read(`search=${"a".repeat(100)}`).query.search).toHaveLength(100);
    expect(read(`search=${"a".repeat(101)}`).query).not.toHaveProperty("search");
  });

  it("turns a price range typed the wrong way round", () => {
    expect(read("min_price=200&max_price=50").query).toMatchObject({ min_price: "50", max_price: "200" });
    // Compared as amounts, not as text ("9" > "10").
    expect(read("min_price=9&max_price=10").query).toMatchObject({ min_price: "9", max_price: "10" });
    expect(read("min_price=50&max_price=50").query).toMatchObject({ min_price: "50", max_price: "50" });
  });

  it("reads the price sort with dir=desc as high to low", () => {
    expect(read("sort=price&dir=desc")).toMatchObject({
      query: { sort: "price", dir: "desc" },
      sortValue: "price-desc",
    });
    expect(read("sort=price")).toMatchObject({ query: { sort: "price" }, sortValue: "price" });
    expect(read("sort=price").query).not.toHaveProperty("dir");
  });

  it("orders only the price high to low: dir=desc on another sort is ignored", () => {
    const state = read("sort=name&dir=desc");
    expect(state.sortValue).toBe("name");
    expect(state.query).toEqual({ sort: "name" });
  });

  it("reads an unknown sort as the most popular first", () => {
    expect(read("sort=cheapest")).toMatchObject({ query: { sort: "popular" }, sortValue: "popular" });
  });

  it("does not count a sort as a filter", () => {
    expect(read("sort=newest").filtered).toBe(false);
  });

  it("shows as many pages as asked, up to 20", () => {
    expect(read("page=3").pages).toBe(3);
    expect(read(`page=${MAX_PAGES}`).pages).toBe(20);
    expect(read("page=999").pages).toBe(20);
  });

  it.each(["0", "-1", "1.5", "abc", ""])("reads page=%s as one page", (page) => {
    expect(read(`page=${page}`).pages).toBe(1);
  });
});

describe("classListParams", () => {
  it("leaves empty fields and the default sort out of the URL", () => {
    expect(classListParams({}).toString()).toBe("");
    expect(classListParams({ search: "  ", sport: "", age: "", sort: "popular" }).toString()).toBe("");
  });

  it("puts the filters in the URL trimmed", () => {
    expect(classListParams({ search: " tennis ", age: "10", level: "beginner" }).toString()).toBe(
      "search=tennis&age=10&level=beginner",
    );
  });

  it("writes high to low as the price sort, descending", () => {
    expect(classListParams({ sort: "price-desc" }).toString()).toBe("sort=price&dir=desc");
    expect(classListParams({ sort: "price" }).toString()).toBe("sort=price");
    expect(classListParams({ sort: "newest" }).toString()).toBe("sort=newest");
  });

  it("leaves out an unknown sort and anything that is not a filter, the page included", () => {
    expect(classListParams({ sort: "cheapest", page: "4", colour: "red", sport: "golf" }).toString()).toBe(
      "sport=golf",
    );
  });

  it("round-trips: the URL it writes reads back as the same filters and sort", () => {
    const values = {
      search: "tennis",
      sport: "tennis",
      age: "10",
      level: "beginner",
      week: "2027-07-05",
      min_price: "50",
      max_price: "200",
      sort: "price-desc",
    };
    const state = readClassList(classListParams(values));
    const { sort: _sort, ...filters } = values;
    expect(state).toEqual({
      query: { ...filters, sort: "price", dir: "desc" },
      sortValue: "price-desc",
      pages: 1,
      filtered: true,
    });
    expect(classListParams({ ...state.query, sort: state.sortValue }).toString()).toBe(
      classListParams(values).toString(),
    );
  });
});
