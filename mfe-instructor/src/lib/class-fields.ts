/**
 * The class form's fields and their rules (spec section 5), as data: the form renders this list,
 * so a later field (dates, ages, level, place) is one more entry here.
 */
import type { RegisterOptions } from "react-hook-form";

export interface ClassFormValues {
  class_name: string;
  price: string;
  available_seats: string;
  enrolled_seats: string;
  details: string;
}

export type ClassFieldName = keyof ClassFormValues;

export interface ClassField {
  name: ClassFieldName;
  label: string;
  kind: "text" | "money" | "count" | "multiline";
  hint?: string;
  /** Shown when adding only: the server counts enrolled seats itself once the class exists. */
  addOnly?: boolean;
  rules: RegisterOptions<ClassFormValues, ClassFieldName>;
}

const WHOLE = /^\d+$/;
const MONEY = /^\d+(\.\d{1,2})?$/;

export const CLASS_FIELDS: ClassField[] = [
  {
    name: "class_name",
    label: "Class name",
    kind: "text",
    rules: {
      validate: (v) => v.trim().length > 0 || "Class name is required",
      maxLength: { value: 120, message: "Class name must be at most 120 characters" },
    },
  },
  {
    name: "price",
    label: "Price (USD)",
    kind: "money",
    rules: {
      validate: (v) => {
        const s = v.trim();
        if (!s) return "Price is required";
        if (!MONEY.test(s)) return "Price must be an amount in dollars with at most 2 decimals";
        const n = Number(s);
        if (n <= 0) return "Price must be more than $0";
        if (n > 100_000) return "Price must be at most $100,000";
        return true;
      },
    },
  },
  {
    name: "available_seats",
    label: "Available seats",
    kind: "count",
    rules: {
      validate: (v) => {
        const s = v.trim();
        if (!s) return "Available seats is required";
        if (!WHOLE.test(s)) return "Available seats must be a whole number, not negative";
        const n = Number(s);
        if (n < 1) return "At least 1 seat";
        if (n > 10_000) return "At most 10,000 seats";
        return true;
      },
    },
  },
  {
    name: "enrolled_seats",
    label: "Enrolled seats",
    kind: "count",
    addOnly: true,
    hint: "A new class starts with 0 enrolled students.",
    rules: {
      validate: (v, all) => {
        const s = v.trim();
        if (!s) return "Enrolled seats is required";
        if (!WHOLE.test(s)) return "Enrolled seats must be a whole number, not negative";
        const available = Number(all.available_seats);
        if (WHOLE.test(all.available_seats.trim()) && Number(s) > available)
          return "Enrolled seats cannot be more than available seats";
        return true;
      },
    },
  },
  {
    name: "details",
    label: "Details (optional)",
    kind: "multiline",
    rules: { maxLength: { value: 2000, message: "Details must be at most 2000 characters" } },
  },
];

export const EMPTY_CLASS: ClassFormValues = {
  class_name: "",
  price: "",
  available_seats: "",
  enrolled_seats: "0",
  details: "",
};

/** The wire body: numbers as numbers (spec: price converted to a decimal number). */
export function toWire(values: ClassFormValues) {
  return {
    class_name: values.class_name.trim(),
    price: Number(values.price.trim()),
    available_seats: Number(values.available_seats.trim()),
    details: values.details.trim(),
  };
}
