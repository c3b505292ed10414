/**
 * Whose seats, as a family reads it: "Kim", "Kim and Lou", and "you" for the account holder's own
 * seat ("Myself"): "you and Kim". `isSelf` (older rows lack it) says which names are the holder's.
 */
export function whom(names: readonly string[], isSelf: readonly boolean[] = []): string {
  const said = names.map((name, i) => (isSelf[i] ? "you" : name));
  // "you" first: "you and Kim", not "Kim and you".
  said.sort((a, b) => Number(b === "you") - Number(a === "you"));
  if (said.length <= 1) return said[0] ?? "you";
  return `${said.slice(0, -1).join(", ")} and ${said[said.length - 1]}`;
}
