/**
 * The API's 400 answer names each refused field with its message (`fields`, keyed by the field's
 * path: "phone", "first.city", "values.doctor"). Those of a failed request, or none. A subpath of
 * its own (`shared-auth/field-errors`): each form compiles it in, the shared singleton stays as it is.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const data =
    typeof error === "object" && error !== null && "isAxiosError" in error
      ? (error as { response?: { data?: unknown } }).response?.data
      : undefined;
  const fields = typeof data === "object" && data !== null ? (data as { fields?: unknown }).fields : undefined;
  if (typeof fields !== "object" || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
