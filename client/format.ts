// SPEC §9: DRK amounts are shown with no decimals.
export function formatDrk(amount: string | number): string {
  const value = Math.trunc(Number(amount));
  return `${Number.isFinite(value) ? value.toLocaleString('en-US') : '–'} DRK`;
}
