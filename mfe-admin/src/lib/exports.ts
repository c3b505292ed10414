import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "shared-auth";
import { downloadFile } from "shared-auth/download";
import type { OfficeExport } from "shared-auth/wire";
import { retryTransient } from "./admin-api";

/** The office's exports of enrolments, payments and refunds over a span of days. */
export type { OfficeExport };
export type ExportKind = OfficeExport["kind"];
export const EXPORT_KINDS: { kind: ExportKind; label: string }[] = [
  { kind: "enrolments", label: "Enrolments" },
  { kind: "payments", label: "Payments" },
  { kind: "refunds", label: "Refunds" },
];

export interface Span {
  from: string;
  to: string;
}

/** The 30 days up to `today` (YYYY-MM-DD). */
export function lastMonth(today: string): Span {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today };
}

/** Why the span cannot be asked for, or null. */
export const spanProblem = (span: Span): string | null =>
  !span.from || !span.to ? "Choose both days." : span.from > span.to ? "The last day comes before the first." : null;

export function useOfficeExport(kind: ExportKind, span: Span) {
  return useQuery({
    queryKey: ["admin", "exports", kind, span.from, span.to],
    queryFn: async () => (await api.get<OfficeExport>(`/admin/exports/${kind}`, { params: span })).data,
    enabled: spanProblem(span) === null,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

/** The file's name as the API gives it. */
export const exportFileName = (kind: ExportKind, span: Span) => `${kind}-${span.from}-to-${span.to}.csv`;

export const downloadExportCsv = (kind: ExportKind, span: Span) =>
  downloadFile(`/admin/exports/${kind}.csv?from=${span.from}&to=${span.to}`, exportFileName(kind, span));

/** A CSV column's name as a table heading: "paid_at" is "Paid at". */
export const columnLabel = (column: string) => {
  const words = column.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};
