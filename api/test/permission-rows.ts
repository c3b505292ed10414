import { ADMIN, classId, MAYA, SAM } from "./harness.js";

/**
 * What the permission matrix (permissions.integration.test.ts) is made of: who calls, and the shape
 * of a row. The rows themselves are in permission-cases-*.ts and guarded-routes.ts.
 */
export type Who = "anonymous" | "student" | "instructor" | "admin";
export const callers = { student: SAM, instructor: MAYA, admin: ADMIN } as const;

export const PENDING = classId(13); // Maya's pending class
/** A class of Jonas's with nobody enrolled (the seed's families hold seats in both of his), made before the rows run. */
export const JONAS_CLASS = classId(98);
export const ALL: Who[] = ["anonymous", "student", "instructor", "admin"];

export interface Case {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
  /** Sent as multipart/form-data with a real PNG in the field image. */
  upload?: true;
  /**
   * Sent with a token of its own (with a jti, as POST /jwt signs them), for a row that ends the
   * token it is sent with: the role's other rows keep theirs.
   */
  ownToken?: true;
  expect: Record<Who, number>;
}
