// One way to write an amount, for the screens and for every message the server sends.

/** SPEC §9: DRK amounts are shown with no decimals, grouped in thousands. */
export function formatDrk(amount: string | number): string {
  const value = Math.trunc(Number(amount));
  return `${Number.isFinite(value) ? value.toLocaleString('en-US') : '–'} DRK`;
}

/** Money in US dollars from cents, always with the cents. */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
