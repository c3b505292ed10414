import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiErrorStatus, queryKeys } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import type {
  AdminClass,
  AdminStats,
  ContactMessage,
  LineEntry,
  NewsletterSubscriber as Subscriber,
  OpenOffer,
  UserPage,
} from "shared-auth/wire";
import type { ListParams } from "./list-params";

/** One page of a long list, as every paged API call answers it (ADR 009). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

export type UserRole = "admin" | "instructor" | "student";

// What the API answers, as its OpenAPI document says (generated: shared-auth/src/wire).
export type { AdminClass, AdminStats, ContactMessage, LineEntry, OpenOffer, Subscriber };
/** A user as an admin's list shows it (GET /users, one page). */
export type AdminUser = UserPage["items"][number];

const adminKeys = {
  users: (p: ListParams) => [...queryKeys.users(), "page", p] as const,
  classes: (p: ListParams) => [...queryKeys.classes(), "admin", p] as const,
  stats: () => ["admin", "stats"] as const,
  contact: () => ["admin", "contact"] as const,
  newsletter: () => ["admin", "newsletter"] as const,
  line: (classId: string) => ["admin", "line", classId] as const,
  offers: () => ["admin", "waitlist-offers"] as const,
};

/** The query string of a list: empty values left out. */
export function listQuery(p: ListParams, filterName: "role" | "status") {
  return {
    page: p.page,
    size: p.size,
    ...(p.search && { search: p.search }),
    ...(p.sort && { sort: p.sort }),
    ...(p.dir === "desc" && { dir: p.dir }),
    ...(p.filter && { [filterName]: p.filter }),
  };
}

/** Answers about the request itself (4xx) will not change on a retry. */
export function retryTransient(failures: number, error: unknown): boolean {
  const status = apiErrorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failures < 3;
}

export function useUserPage(p: ListParams) {
  return useQuery({
    queryKey: adminKeys.users(p),
    queryFn: async () => (await api.get<Page<AdminUser>>("/users", { params: listQuery(p, "role") })).data,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useClassPage(p: ListParams) {
  return useQuery({
    queryKey: adminKeys.classes(p),
    queryFn: async () => (await api.get<Page<AdminClass>>("/admin/classes", { params: listQuery(p, "status") })).data,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useStats() {
  return useQuery({
    queryKey: adminKeys.stats(),
    queryFn: async () => (await api.get<AdminStats>("/admin/stats")).data,
    retry: retryTransient,
  });
}

export function useContactMessages() {
  return useQuery({
    queryKey: adminKeys.contact(),
    queryFn: async () => (await api.get<ContactMessage[]>("/contact")).data,
    retry: retryTransient,
  });
}

export function useSubscribers() {
  return useQuery({
    queryKey: adminKeys.newsletter(),
    queryFn: async () => (await api.get<Subscriber[]>("/newsletter")).data,
    retry: retryTransient,
  });
}

/** A write whose answer refreshes the lists it changes (the table stays as it was on failure). */
function useAdminWrite<V>(write: (v: V) => Promise<unknown>, refresh: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: async () => {
      await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}

export type ClassDecision = "approved" | "denied";

/**
 * A review changes the class's row where it stands: the admin's page is not fetched again (it
 * would sort the class away, off the page the admin is looking at), every other list of classes
 * is. The thread and the figures are fetched again.
 */
function useReviewWrite<V extends { id: string }>(
  write: (v: V) => Promise<unknown>,
  change: (item: AdminClass, v: V) => AdminClass,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (_answer, v) => {
      client.setQueriesData<Page<AdminClass>>({ queryKey: [...queryKeys.classes(), "admin"] }, (page) =>
        page ? { ...page, items: page.items.map((item) => (item._id === v.id ? change(item, v) : item)) } : page,
      );
    },
    onSettled: async (_answer, _error, v) => {
      await Promise.all([
        client.invalidateQueries({
          queryKey: queryKeys.classes(),
          predicate: (q) => q.queryKey[1] !== "admin" || q.state.status === "error",
        }),
        client.invalidateQueries({ queryKey: ["classes", v.id, "reviews"] }),
        client.invalidateQueries({ queryKey: adminKeys.stats() }),
      ]);
    },
  });
}

/** Approve, or deny with the reason the instructor reads (required by the API). */
export const useReviewClass = () =>
  useReviewWrite(
    ({ id, status, feedback }: { id: string; status: ClassDecision; feedback?: string }) =>
      api.patch(`/classes/${id}/status`, { status, ...(feedback && { feedback }) }),
    (item, { status, feedback }) => ({
      ...item,
      status,
      feedback: feedback || item.feedback,
      ...(status === "denied" && { proposed_changes: null, proposed_at: null }),
    }),
  );

/** Accept the changes an instructor proposed (they go live), or reject them with a reason. */
export const useDecideChanges = () =>
  useReviewWrite(
    ({ id, decision, feedback }: { id: string; decision: "accept" | "reject"; feedback?: string }) =>
      api.patch(`/classes/${id}/proposal`, { decision, ...(feedback && { feedback }) }),
    (item, { decision, feedback }) => ({
      ...item,
      ...(decision === "accept" && item.proposed_changes),
      feedback: feedback || item.feedback,
      proposed_changes: null,
      proposed_at: null,
    }),
  );

export const useClassFeedback = () =>
  useAdminWrite(
    ({ id, feedback }: { id: string; feedback: string }) => api.patch(`/classes/${id}/feedback`, { feedback }),
    [queryKeys.classes()],
  );

export const useDeleteClass = () =>
  useAdminWrite((id: string) => api.delete(`/classes/${id}`), [queryKeys.classes(), adminKeys.stats()]);

export const useChangeRole = () =>
  useAdminWrite(
    ({ id, role }: { id: string; role: UserRole }) => api.patch(`/users/${role}/${id}`),
    [queryKeys.users(), adminKeys.stats(), queryKeys.instructors()],
  );

export const useDeleteUser = () =>
  useAdminWrite((id: string) => api.delete(`/users/${id}`), [queryKeys.users(), adminKeys.stats()]);

export const useMarkRead = () =>
  useAdminWrite(
    ({ id, read }: { id: string; read: boolean }) => api.patch(`/contact/${id}`, { read }),
    [adminKeys.contact()],
  );

/** The subscribers' CSV, fetched with the admin's token and handed to the browser as a download. */
export const downloadSubscribersCsv = () => downloadFile("/newsletter/export.csv", "newsletter-subscribers.csv");

export function useClassLine(classId: string) {
  return useQuery({
    queryKey: adminKeys.line(classId),
    queryFn: async () => (await api.get<LineEntry[]>(`/classes/${classId}/waitlist`)).data,
    retry: retryTransient,
  });
}

export function useOpenOffers() {
  return useQuery({
    queryKey: adminKeys.offers(),
    queryFn: async () => (await api.get<OpenOffer[]>("/admin/waitlist-offers")).data,
    retry: retryTransient,
  });
}

/** What a change to a line refreshes: the line, the class list's counts, open offers. */
const lineRefresh = (classId: string) => [adminKeys.line(classId), queryKeys.classes(), adminKeys.offers()];

/** An admin moves a waiting entry (1 = next in line), with a reason the record keeps. */
export const useMoveEntry = (classId: string) =>
  useAdminWrite(
    ({ id, position, reason }: { id: string; position: number; reason: string }) =>
      api.patch(`/waitlist/${id}`, { position, reason }),
    lineRefresh(classId),
  );

/** An admin takes an entry out of the line, with a reason the record keeps. */
export const useRemoveEntry = (classId: string) =>
  useAdminWrite(
    ({ id, reason }: { id: string; reason: string }) => api.post(`/waitlist/${id}/remove`, { reason }),
    lineRefresh(classId),
  );

/** When a class opens for booking (an ISO instant with its offset), or null: open now. */
export const useSetOpening = (classId: string) =>
  useAdminWrite(
    (opensAt: string | null) => api.patch(`/classes/${classId}`, { registration_opens_at: opensAt }),
    [queryKeys.classes()],
  );
