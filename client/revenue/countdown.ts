const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const two = (value: number) => String(value).padStart(2, '0');

/** docs/rules.md §4 "Event": a countdown to the end ('2d 04:05:06 remaining'), or 'Event ended' once it is over. */
export function countdownLabel(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'Event ended';
  const whole = Math.floor(secondsLeft);
  const days = Math.floor(whole / DAY);
  const clock = `${two(Math.floor((whole % DAY) / HOUR))}:${two(Math.floor((whole % HOUR) / MINUTE))}:${two(whole % MINUTE)}`;
  return `${days > 0 ? `${days}d ` : ''}${clock} remaining`;
}

/** How long until a start date, in days and hours ('Starts in 3d 5h'). */
export function startsInLabel(startDate: string, now: number): string {
  const seconds = Math.max(0, Math.floor((new Date(startDate).getTime() - now) / 1000));
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  return days > 0 ? `Starts in ${days}d ${hours}h` : `Starts in ${hours}h ${Math.floor((seconds % HOUR) / MINUTE)}m`;
}
