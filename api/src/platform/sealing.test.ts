import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSealer, parseKey } from "./sealing.js";

/** A value as sealed before binding (`v1.`, no associated data), as the old rows hold them. */
function sealUnbound(key: Buffer, plaintext: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const id = createHash("sha256").update(key).digest("base64url").slice(0, 8);
  return ["v1", id, ...[iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url"))].join(".");
}

describe("sealing campers' details (AES-256-GCM)", () => {
  const key = randomBytes(32);
  const sealer = createSealer(key);
  const here = "campers.sealed_details|camper-1|family-1";

  it("opens what it sealed; the same text sealed twice looks different", () => {
    const a = sealer.seal("Peanut allergy: EpiPen in the front pocket", here);
    const b = sealer.seal("Peanut allergy: EpiPen in the front pocket", here);
    expect(a).not.toBe(b);
    expect(a).not.toContain("Peanut");
    expect(a).toMatch(/^v2\./);
    expect(sealer.open(a, here)).toBe("Peanut allergy: EpiPen in the front pocket");
  });

  it("refuses a value that was changed, in any part", () => {
    const sealed = sealer.seal("Asthma", here);
    const parts = sealed.split(".");
    for (const i of [2, 3, 4]) {
      const changed = [...parts];
      const part = changed[i]!;
      changed[i] = (part[0] === "A" ? "B" : "A") + part.slice(1);
      expect(() => sealer.open(changed.join("."), here)).toThrow();
    }
    expect(() => sealer.open("plain text", here)).toThrow(/not a sealed value/);
  });

  it("refuses a value opened anywhere but where it was sealed: another camper, family or column", () => {
    const sealed = sealer.seal("Asthma", here);
    for (const elsewhere of [
      "campers.sealed_details|camper-2|family-1",
      "campers.sealed_details|camper-1|family-2",
      "campers.other_column|camper-1|family-1",
      "",
    ]) {
      expect(() => sealer.open(sealed, elsewhere), elsewhere).toThrow();
      expect(() => sealer.openUnbound(sealed, elsewhere), elsewhere).toThrow();
    }
    // Claiming to be an unbound value does not skip the binding either.
    expect(() => sealer.openUnbound(sealed.replace(/^v2\./, "v1."), here)).toThrow();
  });

  it("values sealed before binding open for the reseal tool only, and count as stale", () => {
    const old = sealUnbound(key, "Asthma");
    expect(() => sealer.open(old, here)).toThrow(/before values were bound.*reseal/);
    expect(sealer.openUnbound(old, here)).toBe("Asthma");
    expect(sealer.isStale(old)).toBe(true);
    expect(sealer.isStale(sealer.seal("Asthma", here))).toBe(false);
  });

  it("another key neither opens it nor passes it off as its own", () => {
    const sealed = sealer.seal("Asthma", here);
    expect(() => createSealer(randomBytes(32)).open(sealed, here)).toThrow(/unknown key/);
    expect(sealer.isStale(sealed)).toBe(false);
  });

  it("takes a key as 64 hex digits only", () => {
    expect(parseKey("K", "ab".repeat(32))).toHaveLength(32);
    expect(() => parseKey("K", "ab".repeat(16))).toThrow(/K must be 64 hex digits/);
    expect(() => parseKey("K", "zz".repeat(32))).toThrow(/64 hex digits/);
  });
});
