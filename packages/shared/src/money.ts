const kshFormatter = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** 45000 → 'Ksh 45,000'; 1250.5 → 'Ksh 1,250.5' (STYLE.md: amounts read `Ksh 45,000`). */
export function formatKsh(amount: number): string {
  return `Ksh ${kshFormatter.format(amount)}`;
}

/** Rounds to whole cents so a price never carries float drift into storage or JSON. */
export function roundToCents(amount: number): number {
  return Math.round(amount * 100) / 100;
}
