import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSealer, parseKey } from "./sealing.js";

describe("sealing campers' details (AES-256-GCM)", () => {
  const sealer = createSealer(randomBytes(32));

  it("opens what it sealed; the same text sealed twice looks different", () => {
    const a = sealer.seal("Peanut allergy: EpiPen in the front pocket");
    const b = sealer.seal("Peanut allergy: EpiPen in the front pocket");
    expect(a).not.toBe(b);
    expect(a).not.toContain("Peanut");
    expect(sealer.open(a)).toBe("Peanut allergy: EpiPen in the front pocket");
  });

  it("refuses a value that was changed, in any part", () => {
    const sealed = sealer.seal("Asthma");
    const parts = sealed.split(".");
    for (const i of [2, 3, 4]) {
      const changed = [...parts];
      const part = changed[i]!;
      changed[i] = (part[0] === "A" ? "B" : "A") + part.slice(1);
      expect(() => sealer.open(changed.join("."))).toThrow();
    }
    expect(() => sealer.open("plain text")).toThrow(/not a sealed value/);
  });

  it("another key neither opens it nor passes it off as its own", () => {
    const sealed = sealer.seal("Asthma");
    expect(() => createSealer(randomBytes(32)).open(sealed)).toThrow(/unknown key/);
    expect(sealer.isStale(sealed)).toBe(false);
  });

  it("takes a key as 64 hex digits only", () => {
    expect(parseKey("K", "ab".repeat(32))).toHaveLength(32);
    expect(() => parseKey("K", "ab".repeat(16))).toThrow(/K must be 64 hex digits/);
    expect(() => parseKey("K", "zz".repeat(32))).toThrow(/64 hex digits/);
  });
});
