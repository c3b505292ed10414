export { queryClient, createQueryClient, retryDelay, CACHE_LIFETIME_MS, QUERY_RETRIES } from "./query-client";
export {
  academyStore,
  createAcademyStore,
  useAcademy,
  setTheme,
  setRuntimeEnv,
  type AcademyState,
  type Role,
  type RuntimeEnv,
  type SessionStatus,
  type SessionUser,
  type Theme,
} from "./store";
export {
  api,
  createApiClient,
  errorMessage,
  readAccessToken,
  setUnauthorizedHandler,
  ACCESS_TOKEN_KEY,
} from "./api-client";
export { queryKeys } from "./query-keys";
export { PagePlaceholder } from "./ui/page-placeholder";
export { restoreSession, signOutLocally, resolveImageUrl } from "./session";
