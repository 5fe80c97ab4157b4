// The one way to write numbers, amounts, plurals, dates and times, for the screens and for every
// message the server sends. Everything goes through Intl in one locale and, for dates,
// in UTC, so a server's notification and a screen show a moment in the same words.

const LOCALE = 'en-US';
const TIME_ZONE = 'UTC';

const wholeNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const plurals = new Intl.PluralRules(LOCALE);
const dateOnly = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: TIME_ZONE });
const dateAndTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
const timeOnly = new Intl.DateTimeFormat(LOCALE, { timeStyle: 'short', timeZone: TIME_ZONE });
const monthAndYear = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: TIME_ZONE });
const shortMonth = new Intl.DateTimeFormat(LOCALE, { month: 'short', timeZone: TIME_ZONE });
const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

/** A whole number grouped in thousands ('1,234'); anything that is not a number reads '–'. */
export function formatNumber(value: string | number): string {
  const number = Math.trunc(Number(value));
  return Number.isFinite(number) ? wholeNumber.format(number) : '–';
}

/** DRK amounts are shown with no decimals, grouped in thousands. */
export function formatDrk(amount: string | number): string {
  return `${formatNumber(amount)} DRK`;
}

/** Money in US dollars from cents, always with the cents. */
export function formatDollars(cents: number): string {
  return dollars.format(cents / 100);
}

/** A count with its noun in the right number: plural(1, 'movement') is '1 movement', plural(2, 'city', 'cities') '2 cities'. */
/** A player's words quoted in a line of ours (an audit line, a notice): the first 80 characters. */
export function quoted(text: string): string {
  return `"${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`;
}

export function plural(count: number, one: string, other = `${one}s`): string {
  return `${formatNumber(count)} ${plurals.select(count) === 'one' ? one : other}`;
}

type Moment = string | number | Date;
const at = (moment: Moment) => (moment instanceof Date ? moment : new Date(moment));

/** The game's one date format: 'Nov 25, 2026' (UTC). */
export function formatDate(moment: Moment): string {
  return dateOnly.format(at(moment));
}

/** A date with its time: 'Nov 25, 2026, 11:43 PM UTC'. */
export function formatDateTime(moment: Moment): string {
  return `${dateAndTime.format(at(moment))} UTC`;
}

/** The time of day alone, for a feed of today's events: '11:43 PM UTC'. */
export function formatTime(moment: Moment): string {
  return `${timeOnly.format(at(moment))} UTC`;
}

/** A month such as '2026-11' or a date in it: 'November 2026'. */
export function formatMonth(month: string | Date): string {
  return monthAndYear.format(typeof month === 'string' && /^\d{4}-\d{2}$/.test(month) ? new Date(`${month}-01T00:00:00Z`) : at(month));
}

/** A month's short name for a chart axis: 'Nov'. */
export function formatShortMonth(moment: Moment): string {
  return shortMonth.format(at(moment));
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How far a moment is from now, in the largest whole unit: 'in 3 days', '2 hours ago', 'now'. */
export function formatRelative(moment: Moment, now: Date): string {
  const difference = at(moment).getTime() - now.getTime();
  for (const [unit, size] of UNITS) {
    const amount = Math.trunc(difference / size);
    if (amount !== 0) return relative.format(amount, unit);
  }
  return relative.format(0, 'second');
}
