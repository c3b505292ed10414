/**
 * The fuzz test's malformed values (fuzz.integration.test.ts): strings and shapes no client sends
 * on purpose, and random objects and path segments built from them with the test's seeded PRNG.
 */
export const NASTY = [
  "",
  " ",
  "null",
  "undefined",
  "0",
  "-1",
  "1e309",
  "NaN",
  "'; drop table users; --",
  "../../etc/passwd",
  "%00",
  "%",
  "%E0%A4%A",
  "☃".repeat(50),
  "a".repeat(5000),
  "<script>alert(1)</script>",
  "00000000-0000-4000-9000-00000000000x",
  "00000000-0000-0000-0000-000000000000",
  "__proto__",
  "constructor",
  "sam@example.com",
  "@",
  "a@b",
  "\u0000",
  "{}",
  "[]",
];

export function randomValue(r: () => number, depth = 0): unknown {
  const pick = Math.floor(r() * 10);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return r() < 0.5;
    case 2:
      return Math.floor(r() * 2e9) - 1e9;
    case 3:
      return r() * 1e6 - 5e5;
    case 4:
      return NASTY[Math.floor(r() * NASTY.length)];
    case 5:
      return depth > 2 ? [] : Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
    case 6:
    case 7:
      return depth > 2 ? {} : randomObject(r, depth + 1);
    default:
      return randomWord(r, Math.floor(r() * 20));
  }
}

export function randomWord(r: () => number, length: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length }, () => letters[Math.floor(r() * letters.length)]).join("");
}

/** The items in an order of the PRNG's (Fisher-Yates). */
export function shuffled<T>(r: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export const KEYS = [
  "class_name",
  "image",
  "price",
  "available_seats",
  "enrolled_seats",
  "details",
  "status",
  "feedback",
  "classItemId",
  "email",
  "name",
  "message",
  "photo",
  "role",
  "__proto__",
  "constructor",
];

export function randomObject(r: () => number, depth = 0): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  // defineProperty: a "__proto__" key must be an own property (as in parsed JSON), not a prototype.
  for (let i = Math.floor(r() * 5); i > 0; i--) {
    const value = randomValue(r, depth);
    Object.defineProperty(o, KEYS[Math.floor(r() * KEYS.length)]!, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return o;
}

export function fillPath(r: () => number, path: string): string {
  let v: unknown;
  return path.replace(
    /:(\w+)/g,
    () =>
      encodeURIComponent(typeof (v = randomValue(r)) === "string" ? v : (JSON.stringify(v) ?? "")).slice(0, 300) || "x",
  );
}
