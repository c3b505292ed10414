/** One route that reads text from a client, as the fuzzing test sends it hostile strings. */
export type Caller = { id: string; email: string } | undefined;
export interface TextInput {
  method: "POST" | "PUT" | "PATCH" | "GET" | "DELETE";
  /** `{}` marks where a hostile path segment goes, if the route takes one. */
  url: string;
  as: Caller;
  /** A valid body; each named field in turn gets each hostile string. */
  body?: Record<string, unknown>;
  fields?: string[];
  /** The query parameter that gets the hostile strings. */
  query?: string;
}
