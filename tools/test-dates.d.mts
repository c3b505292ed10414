export function birthDateForAge(
  age: number,
  onDay: string,
  options?: { monthsOver?: number; daysLater?: number },
): string;
export function cardExpiry(now?: Date): { month: string; year: string; typed: string };
