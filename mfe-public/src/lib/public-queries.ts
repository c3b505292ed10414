import { useQueries, useQuery } from "@tanstack/react-query";
import { api, apiErrorStatus, queryKeys, type ClassItem } from "shared-auth";
import type { InstructorWithClasses, Schemas } from "shared-auth/wire";

// What the public lists answer, as the API's document says (generated: shared-auth/src/wire).
export type { InstructorWithClasses };
/**
 * An instructor as everyone sees them: GET /instructors also says how many approved classes they
 * teach; an instructor's page (GET /instructors/:id/classes) does not.
 */
export type Instructor = InstructorWithClasses["instructor"] & Partial<Pick<Schemas["Instructor"], "classCount">>;

/** A class anyone may book: approved (admins also receive pending and denied ones from GET /classes). */
export function isPublished(item: ClassItem): boolean {
  return item.status === undefined || item.status === "approved";
}

/** Most enrolled first (the home page's "popular classes"), then by name so the order is stable. */
export function popularClassesFirst(items: ClassItem[]): ClassItem[] {
  return [...items].sort((a, b) => b.enrolled_seats - a.enrolled_seats || a.class_name.localeCompare(b.class_name));
}

/** Who teaches the most classes first, then by name. */
export function popularInstructorsFirst(items: Instructor[]): Instructor[] {
  return [...items].sort((a, b) => (b.classCount ?? 0) - (a.classCount ?? 0) || a.name.localeCompare(b.name));
}

export function isFull(item: Pick<ClassItem, "available_seats" | "enrolled_seats">): boolean {
  return item.enrolled_seats >= item.available_seats;
}

export function isNotFound(error: unknown): boolean {
  // 400: the id is not even well formed.
  const status = apiErrorStatus(error);
  return status === 404 || status === 400;
}

/** One page of a public list (GET /classes or /instructors with any query parameter). */
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  hasMore: boolean;
}

/**
 * The paged answer; an API that still answers the bare list (before paging was deployed) is cut
 * into the same page here, so the site keeps working during the rollout.
 */
export function asPage<T>(data: Page<T> | T[], page: number, size: number): Page<T> {
  if (!Array.isArray(data)) return data;
  const start = (page - 1) * size;
  return { items: data.slice(start, start + size), page, size, hasMore: data.length > start + size };
}

/** Query parameters of GET /classes: filters and sort, as the URL of /classes carries them. */
export type ClassQuery = Partial<
  Record<"search" | "sport" | "age" | "level" | "week" | "min_price" | "max_price" | "sort" | "dir", string>
>;

/** Three rows of the three-column grid. */
export const CLASS_PAGE_SIZE = 9;
/** Spec section 9: the home page shows at most 6 classes and 6 instructors. */
export const HOME_LIST_SIZE = 6;

/** The request for one page of classes: what the page asks, and what a painted page declares (ADR 025). */
export function classPageRequest(query: ClassQuery, page: number, size: number) {
  const params: Record<string, string> = { page: String(page), size: String(size) };
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params[key] = value;
  return { path: "/classes", params };
}

async function fetchClassPage(query: ClassQuery, page: number, size: number): Promise<Page<ClassItem>> {
  const { path, params } = classPageRequest(query, page, size);
  const { data } = await api.get<Page<ClassItem> | ClassItem[]>(path, { params });
  const result = asPage(data, page, size);
  return { ...result, items: result.items.filter(isPublished) };
}

const classPageKey = (query: ClassQuery, page: number, size: number) =>
  [...queryKeys.classes(), "page", query, page, size] as const;

/**
 * Pages 1..pages of the classes that match the query, each its own request and cache entry, so
 * "Show more" fetches one new page and a shared URL with page=3 rebuilds the same list.
 */
export function useClassPages(query: ClassQuery, pages: number) {
  return useQueries({
    queries: Array.from({ length: pages }, (_, i) => ({
      queryKey: classPageKey(query, i + 1, CLASS_PAGE_SIZE),
      queryFn: () => fetchClassPage(query, i + 1, CLASS_PAGE_SIZE),
    })),
  });
}

/**
 * The home page's 6 popular classes: exactly one page of 6 (GET /classes?sort=popular&size=6),
 * asked for once `enabled` (the section near the viewport).
 */
export function usePopularClasses({ enabled }: { enabled: boolean }) {
  return useQuery({
    enabled,
    queryKey: classPageKey({ sort: "popular" }, 1, HOME_LIST_SIZE),
    queryFn: () => fetchClassPage({ sort: "popular" }, 1, HOME_LIST_SIZE),
    select: (page) => page.items,
  });
}

/** One class (GET /classes/:id); a class not open for booking counts as not found. */
export function useClass(classId: string) {
  return useQuery({
    queryKey: [...queryKeys.classes(), "one", classId],
    queryFn: async () => (await api.get<ClassItem>(`/classes/${encodeURIComponent(classId)}`)).data,
    retry: (failures, error) => !isNotFound(error) && failures < 3,
  });
}

export const INSTRUCTOR_PAGE_SIZE = 24;

async function fetchInstructorPage(page: number, size: number): Promise<Page<Instructor>> {
  const { data } = await api.get<Page<Instructor> | Instructor[]>("/instructors", {
    params: { page: String(page), size: String(size) },
  });
  return asPage(Array.isArray(data) ? popularInstructorsFirst(data) : data, page, size);
}

/** Instructors, who teaches most first, one page of `size` at a time (GET /instructors?page=&size=). */
export function useInstructorPages(pages: number, size = INSTRUCTOR_PAGE_SIZE) {
  return useQueries({
    queries: Array.from({ length: pages }, (_, i) => ({
      queryKey: [...queryKeys.instructors(), "page", i + 1, size] as const,
      queryFn: () => fetchInstructorPage(i + 1, size),
    })),
  });
}

/** The home page's 6 popular instructors (GET /instructors?size=6), asked for once `enabled`. */
export function usePopularInstructors({ enabled }: { enabled: boolean }) {
  return useQuery({
    enabled,
    queryKey: [...queryKeys.instructors(), "page", 1, HOME_LIST_SIZE],
    queryFn: () => fetchInstructorPage(1, HOME_LIST_SIZE),
    select: (page) => page.items,
  });
}

const withPopularClasses = (data: InstructorWithClasses): InstructorWithClasses => ({
  ...data,
  classes: popularClassesFirst(data.classes),
});

/** One instructor and their approved classes (GET /instructors/:id/classes). */
export function useInstructorClasses(instructorId: string) {
  return useQuery({
    queryKey: queryKeys.instructorClasses(instructorId),
    queryFn: async () =>
      (await api.get<InstructorWithClasses>(`/instructors/${encodeURIComponent(instructorId)}/classes`)).data,
    select: withPopularClasses,
  });
}
