// Money in the sandbox is integer cents: every amount Apple accepts has at most two decimals.

export function amountToCents(amount: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export function money(cents: number, currency: string): { amount: string; currency: string } {
  return { amount: centsToAmount(cents), currency };
}
