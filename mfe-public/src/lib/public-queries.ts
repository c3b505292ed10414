import { useQuery } from "@tanstack/react-query";
import { AxiosError } from "axios";
import { api, queryKeys, type ClassItem } from "shared-auth";

/** An instructor as GET /instructors shows them to everyone: public fields only. */
export interface Instructor {
  _id: string;
  name: string;
  email: string;
  photo: string;
  /** How many approved classes they teach. */
  classCount?: number;
}

export interface InstructorWithClasses {
  instructor: Instructor;
  classes: ClassItem[];
}

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
  return error instanceof AxiosError && (error.response?.status === 404 || error.response?.status === 400);
}

const publishedByPopularity = (items: ClassItem[]) => popularClassesFirst(items.filter(isPublished));

/** The approved classes, most enrolled first (GET /classes). */
export function useClasses() {
  return useQuery({
    queryKey: queryKeys.classes(),
    queryFn: async () => (await api.get<ClassItem[]>("/classes")).data,
    select: publishedByPopularity,
  });
}

/** The instructors, who teaches most first (GET /instructors). */
export function useInstructors() {
  return useQuery({
    queryKey: queryKeys.instructors(),
    queryFn: async () => (await api.get<Instructor[]>("/instructors")).data,
    select: popularInstructorsFirst,
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
