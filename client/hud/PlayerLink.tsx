import { Link } from 'react-router';

/** The path of a player's public profile. */
export const profilePath = (name: string) => `/players/${encodeURIComponent(name)}`;

interface PlayerLinkProps {
  /** The player's name; null when nobody holds the thing, then `fallback` is shown as plain text. */
  name: string | null;
  fallback?: string;
  className?: string;
}

/** Every owner, sender and ranked name in the game leads to that player's profile (issue 14). */
export function PlayerLink({ name, fallback = '', className }: PlayerLinkProps) {
  if (name === null) return fallback;
  return (
    <Link className={className ? `player-link ${className}` : 'player-link'} to={profilePath(name)}>
      {name}
    </Link>
  );
}
