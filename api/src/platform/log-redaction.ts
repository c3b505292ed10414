/**
 * Secrets that travel in URLs stay out of the logs. The address of a family's calendar feed
 * (`/calendar/<secret>.ics`) and the unsubscribe link (`/unsubscribe/<token>`) work without
 * signing in, so whoever reads a log line with one could read the family's sessions or turn its
 * e-mails off. Two places:
 * - the request's serializer (`req.url` of "incoming request", of the front path's access log and
 *   of "request errored") writes the URL without them;
 * - every line the logger writes goes through `redactingStream` on its way out, so a URL in a
 *   message (Fastify's own warnings name it) or in an error's message or stack is cut as well.
 */
const SECRET_IN_PATH = [
  // The feed's secret, its ".ics" kept.
  /(\/calendar\/)[^/?#\s"'.\\]+/g,
  // The whole token: the user's id, a dot, the signature.
  /(\/unsubscribe\/)[^/?#\s"'\\]+/g,
];
/** Query parameters that carry a secret, should a client send one. */
const SECRET_IN_QUERY = /([?&](?:token|secret|client_secret|code|key|password|signature)=)[^&#\s"'\\]*/gi;

export const REDACTED = "[redacted]";

export function redactSecrets(text: string): string {
  let redacted = text;
  for (const pattern of SECRET_IN_PATH) redacted = redacted.replace(pattern, `$1${REDACTED}`);
  return redacted.replace(SECRET_IN_QUERY, `$1${REDACTED}`);
}

/** What Fastify's logger logs of a request (as its own serializer does), the URL without its secrets. */
export function serializeRequest(req: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}) {
  const version = req.headers?.["accept-version"];
  return {
    method: req.method,
    url: req.url === undefined ? undefined : redactSecrets(req.url),
    version: typeof version === "string" ? version : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** A destination for the logger that writes each line to `target` without its secrets. */
export function redactingStream(target: { write(chunk: string): unknown }): { write(line: string): void } {
  return {
    write: (line: string) => {
      target.write(redactSecrets(line));
    },
  };
}
