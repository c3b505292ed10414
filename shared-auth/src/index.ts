export { pageQueryClient, retryDelay, shouldRetry, CACHE_LIFETIME_MS, QUERY_RETRIES } from "./query-client";
export {
  academyStore,
  createAcademyStore,
  useAcademy,
  useAcademyFacts,
  setTheme,
  setRuntimeEnv,
  type AcademyState,
  type FirebaseWebConfig,
  type PaymentsConfig,
  type Role,
  type RuntimeEnv,
  type SessionStatus,
  type SessionUser,
  type Theme,
} from "./store";
export {
  api,
  apiErrorStatus,
  asApiError,
  createApiClient,
  errorMessage,
  readAccessToken,
  UNREACHABLE_MESSAGE,
  setUnauthorizedHandler,
  ACCESS_TOKEN_KEY,
  VERY_BUSY_EVENT,
  type ApiClient,
  type LazyApiClient,
} from "./api-client";
export { queryKeys } from "./query-keys";
export type { BusyStore, BusyWait } from "./busy";
export { NotFoundPage, type NotFoundPageProps } from "./ui/not-found-page";
export { EmptyState, ErrorState } from "./ui/list-states";
export { UserAvatar, initialsOf, ownImageUrl } from "./ui/user-avatar";
export { ImageOrInitials } from "./ui/image-or-initials";
export {
  confirmDelete,
  prepareDialogs,
  showChoice,
  showDialog,
  showToast,
  DIALOG_ICON,
  type DialogChoice,
  type DialogIcon,
  type DialogLook,
  type DialogText,
  type ToastLook,
} from "./ui/alerts";
export { startSession, logOut, signOutLocally, resolveImageUrl } from "./session";
export {
  signIn,
  signUp,
  prepareGoogleSignIn,
  signInWithGoogle,
  usesAccountChooser,
  sendPasswordReset,
  sendVerificationEmail,
  refreshEmailVerification,
  updateAccountProfile,
  hasPassword,
  changePassword,
  requestEmailChange,
  deleteOwnAccount,
  type GoogleTestAccount,
} from "./account-actions";
export { accountErrorMessage, authErrorMessage, loadFirebaseAuth } from "./firebase";
export { serverNow } from "./server-clock";
export { keepPass, storedPass, WAITING_ROOM_EVENT, type StoredPass } from "./waiting-room";
export { ACADEMY, STARTING_ACADEMY, phoneHref, type AcademyFacts } from "./academy-facts";
export { loadAcademyFacts, showAcademyFacts } from "./academy-load";
export {
  CART_FRESH_MS,
  fetchCart,
  fetchEnrolled,
  studentEmail,
  useStudentEmail,
  useAccountEmail,
  withAddedItem,
} from "./queries/cart";
export type {
  AddToCartResponse,
  Camper,
  CamperEligibility,
  CamperInput,
  CamperPerson,
  CartItem,
  ClassItem,
  EnrolledClass,
  Guardian,
  GuardianInput,
  Guardians,
  GuardiansInput,
} from "./queries/types";
export { fetchCampers } from "./queries/campers";
export type { ClassAvailability, WaitlistEntry, WaitlistState } from "./queries/waitlist";
export type {
  Balance,
  CartQuote,
  Checkout,
  CheckoutItem,
  CodeVerdict,
  HoldExtension,
  LineDiscount,
  PaymentRecord,
  RecordedPayment,
} from "./wire";
export {
  formatAges,
  formatDateRange,
  formatSession,
  formatTime,
  formatWeekdays,
  hasStarted,
  levelLabel,
  sessionsOverlap,
  sportLabel,
  AGE_MAX,
  AGE_MIN,
  LEVEL_LABELS,
  SPORTS,
  WEEKDAYS,
  campSeason,
  WEEKDAY_LABELS,
  type CampSession,
  type Level,
  type Sport,
  type Weekday,
} from "./camp-session";
