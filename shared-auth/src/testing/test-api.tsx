/**
 * For the remotes' component tests only (never imported by an app): a real HTTP server on
 * 127.0.0.1 playing the API's part, the session a signed-in page has, and the providers the shell
 * wraps every page in. The components' own API client (axios in jsdom, with its CORS checks)
 * calls this server, so what a test drives goes through the same requests as in the site.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { ACCESS_TOKEN_KEY } from "../access-token";
import { queryClient } from "../queries/client";
import { academyStore, type PaymentsConfig, type Role } from "../store";

/** A request the server received: the path without its query, the query, and the JSON body. */
export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON; a multipart or other body is `{ contentType, bytes }`. */
  body: unknown;
  authorization: string | undefined;
}

export interface ApiAnswer {
  status?: number;
  body?: unknown;
}

export type ApiRoute = (request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>;

export interface TestApi {
  url: string;
  /** Every request answered (preflights left out), oldest first. */
  requests: ApiRequest[];
  /** Answers "METHOD /path" (the path without its query) this way from now on. */
  on(route: string, answer: ApiRoute | ApiAnswer): void;
  /** The requests to "METHOD /path". */
  calls(route: string): ApiRequest[];
  close(): Promise<void>;
}

/** A promise a test settles itself: an answer held back while the test looks at the waiting page. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  if (raw.length === 0) return undefined;
  const contentType = request.headers["content-type"] ?? "";
  if (contentType.includes("application/json")) return JSON.parse(raw.toString("utf8")) as unknown;
  return { contentType, bytes: raw.length };
}

/** Starts the server; an unknown route answers 404 in the API's error shape. */
export async function startTestApi(): Promise<TestApi> {
  const routes = new Map<string, ApiRoute>();
  const requests: ApiRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    // The page (jsdom at http://localhost:3000) calls another origin: the API's CORS answers.
    response.setHeader("Access-Control-Allow-Origin", request.headers.origin ?? "*");
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE",
        "Access-Control-Allow-Headers": request.headers["access-control-request-headers"] ?? "",
      });
      response.end();
      return;
    }
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const seen: ApiRequest = {
        method: request.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        body: await readBody(request),
        authorization: request.headers.authorization,
      };
      requests.push(seen);
      const route = routes.get(`${seen.method} ${seen.path}`);
      const answer: ApiAnswer = route
        ? await route(seen)
        : { status: 404, body: { error: "Not Found", message: `This test's API has no ${seen.method} ${seen.path}` } };
      response.writeHead(answer.status ?? 200, { "Content-Type": "application/json" });
      response.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (route, answer) => routes.set(route, typeof answer === "function" ? answer : () => answer),
    calls: (route) => requests.filter((r) => `${r.method} ${r.path}` === route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The state the shell leaves a signed-in page in: the token stored, the session settled, the API's URL. */
export function signInAs(
  role: Role,
  api: TestApi,
  user: { email: string; displayName?: string; emailVerified?: boolean },
  payments?: PaymentsConfig,
): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, "test-access-token");
  academyStore.setState({
    status: "signed-in",
    role,
    user: { displayName: null, photoURL: null, ...user },
    env: { apiUrl: api.url, ...(payments && { payments }) },
  });
}

/** Back to a fresh page: signed out, nothing cached. */
export function resetPage(): void {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  academyStore.setState({ status: "signed-out", role: null, user: null, env: null });
  queryClient.clear();
}

/** What the shell wraps a remote's page in: the one QueryClient and the router, at `path`. */
export function AppProviders({ path = "/", children }: { path?: string; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}
