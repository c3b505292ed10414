/**
 * "1 admin", "3 admins", "1,204 students": a count with the word that goes with it, chosen by the
 * language's plural rules (Intl.PluralRules) rather than `n === 1`, and the number grouped as
 * people read it. The formatters are made on first use (each loads locale data: time a page that
 * shows no count need not spend at start).
 */
let rules: Intl.PluralRules | undefined;
let numbers: Intl.NumberFormat | undefined;

export function countOf(n: number, one: string, other: string): string {
  rules ??= new Intl.PluralRules("en-US");
  numbers ??= new Intl.NumberFormat("en-US");
  return `${numbers.format(n)} ${rules.select(n) === "one" ? one : other}`;
}
