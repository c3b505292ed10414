import { AxiosError, AxiosHeaders } from "axios";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors";

const answered = (data: unknown) =>
  new AxiosError("Bad Request", "ERR_BAD_REQUEST", undefined, undefined, {
    status: 400,
    statusText: "Bad Request",
    headers: {},
    config: { headers: new AxiosHeaders() },
    data,
  });

describe("fieldErrors", () => {
  it("gives the fields of a 400 answer, and none for anything else", () => {
    expect(
      fieldErrors(answered({ message: "Some fields are invalid.", fields: { phone: "Enter a phone number" } })),
    ).toEqual({
      phone: "Enter a phone number",
    });
    expect(fieldErrors(answered({ message: "Nope" }))).toEqual({});
    expect(fieldErrors(answered({ fields: { a: 1, b: "text" } }))).toEqual({ b: "text" });
    expect(fieldErrors(new Error("network"))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
  });
});
