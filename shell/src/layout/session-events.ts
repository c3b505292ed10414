/** Raised when the API refused the session: the user is sent to /login, remembering the page. */
export const SESSION_ENDED_EVENT = "academy:session-ended";
