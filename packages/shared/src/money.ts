const wholeShillings = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * 45000 → 'Ksh 45,000'; 1250.5 → 'Ksh 1,250.50' (docs/architecture.md, Conventions: amounts read `Ksh 45,000`). Cents are
 * shown, always two of them, only when the amount has any.
 */
export function formatKsh(amount: number): string {
  const cents = Math.round(amount * 100) % 100 !== 0;
  return `Ksh ${(cents ? withCents : wholeShillings).format(amount)}`;
}

/** Rounds to whole cents so a price never carries float drift into storage or JSON. */
export function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
