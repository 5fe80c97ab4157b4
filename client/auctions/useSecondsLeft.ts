import { useEffect, useState } from 'react';

/** Seconds until `endsAt`, read again every second; an end the room moved is counted from at once. */
export function useSecondsLeft(endsAt: string): number {
  const end = Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [end]);
  return Math.max(0, Math.floor((end - now) / 1_000));
}
