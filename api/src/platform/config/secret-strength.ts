/**
 * Checks that a secret looks like one: a value someone typed ("x" 40 times, all zeros, 0123…)
 * is long enough but guessable. `units` are a key's bytes or a secret's characters; a random
 * value of that length has far more different units, no short repeated pattern and no steady
 * count, so these checks never refuse what `openssl rand -hex 32` makes.
 */
export function weakness(units: readonly number[], minDistinct: number): string | undefined {
  const distinct = new Set(units).size;
  if (distinct === 1) return "every unit is the same";
  if (distinct < minDistinct) return `only ${distinct} different values`;
  for (let period = 2; period <= units.length / 2; period++) {
    if (units.every((unit, i) => i < period || unit === units[i - period])) return "a short pattern repeated";
  }
  const steps = new Set(units.slice(1).map((unit, i) => (unit - units[i]! + 256) % 256));
  if (steps.size < 4) return "a counting sequence";
  return undefined;
}

/** A key of 32 bytes: refused when all one byte, fewer than 16 different bytes, a pattern or a count. */
export function refuseWeakKey(name: string, key: Buffer): void {
  const reason = weakness([...key], 16);
  if (reason) {
    throw new Error(`${name} is too weak to be a key (${reason}): make one with openssl rand -hex 32`);
  }
}

/**
 * One secret per purpose: the JWT secret, the campers' keys (current and old) and the payment
 * secrets must all differ, and none may hold another (whoever learns one must not learn the next).
 */
export function refuseReusedSecrets(secrets: ReadonlyArray<readonly [name: string, value: string | undefined]>): void {
  const present = secrets
    .filter((entry): entry is readonly [string, string] => Boolean(entry[1]?.trim()))
    .map(([name, value]) => [name, value.trim().toLowerCase()] as const);
  for (let i = 0; i < present.length; i++) {
    for (let j = i + 1; j < present.length; j++) {
      const [nameA, a] = present[i]!;
      const [nameB, b] = present[j]!;
      const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
      if (shorter.length >= 16 && longer.includes(shorter)) {
        throw new Error(
          nameA === nameB
            ? `${nameA} names one key twice: each key once`
            : `${nameA} and ${nameB} are the same secret: each purpose needs its own (openssl rand -hex 32)`,
        );
      }
    }
  }
}
