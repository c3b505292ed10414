import type { Role, SessionStatus } from "shared-auth";

/** Who may open a page (spec section 6). The server enforces the same rules on every call. */
export type Access = "public" | "signed-in" | "admin" | "instructor" | "staff";
/** The accesses a signed-in user may be refused: one role's pages, or staff's (instructors and admins). */
export type RoleAccess = Exclude<Access, "public" | "signed-in">;

export type AccessDecision = "allow" | "wait" | "login" | "forbidden";

export interface SessionView {
  status: SessionStatus;
  role: Role | null;
}

/**
 * What a guard does for a session: wait while the session or the role is still being decided,
 * then allow, or send a signed-out visitor to /login remembering where they were going (spec
 * section 2). A signed-in user whose role does not open the page is told so ("forbidden"): sending
 * them to /login would only sign them in again and bring them back to the login form.
 */
export function decideAccess(access: Access, session: SessionView): AccessDecision {
  if (access === "public") return "allow";
  if (session.status === "loading") return "wait";
  if (session.status === "signed-out") return "login";
  if (access === "signed-in") return "allow";
  if (session.role === null) return "wait";
  if (access === "staff") return session.role === "instructor" || session.role === "admin" ? "allow" : "forbidden";
  return session.role === access ? "allow" : "forbidden";
}

/** Where the navbar's Dashboard link leads (spec section 2). */
export function dashboardHome(role: Role | null): string {
  if (role === "admin") return "/dashboard/adminhome";
  if (role === "instructor") return "/dashboard/instructorhome";
  return "/dashboard/userhome";
}

/** The role a page is for, as its "not for you" page names it. */
export function audienceOf(access: RoleAccess): string {
  return access === "admin" ? "admins" : access === "instructor" ? "instructors" : "instructors and admins";
}
