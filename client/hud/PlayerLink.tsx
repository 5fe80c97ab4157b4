import { Link } from 'react-router';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { tagLabel } from '../../schema/rules/alliances.ts';
import { useAllianceTag } from '../state/alliance-tags.ts';
import { ownerLabel } from '../state/world.ts';

/** The path of a player's public profile. */
export const profilePath = (name: string) => `/players/${encodeURIComponent(name)}`;

interface PlayerLinkProps {
  /** The player's name; null when nobody holds the thing, then `fallback` is shown as plain text. */
  name: string | null;
  fallback?: string;
  className?: string;
}

/** Every owner, sender and ranked name in the game leads to that player's profile, its alliance's tag before it. */
export function PlayerLink({ name, fallback = '', className }: PlayerLinkProps) {
  if (name === null) return fallback;
  return <NamedPlayer name={name} className={className} />;
}

function NamedPlayer({ name, className }: { name: string; className?: string }) {
  const tag = useAllianceTag(name);
  const link = (
    <Link className={className ? `player-link ${className}` : 'player-link'} to={profilePath(name)}>
      {name}
    </Link>
  );
  if (!tag) return link;
  // docs/rules.md §4 "Alliances": the tag stands beside a member's name, on the same line.
  return (
    <span className="tagged-player">
      <span className="alliance-tag" data-testid="alliance-tag">
        {tagLabel(tag)}
      </span>{' '}
      {link}
    </span>
  );
}

/** Who holds a territory, as every screen names it: You, Available, or the owner's name leading to its profile. */
export function TerritoryOwner({ territory, me }: { territory: TerritoryDto; me: string | null }) {
  const label = ownerLabel(territory, me);
  return label === 'Other Player' ? <PlayerLink name={territory.owner_name} fallback={label} /> : label;
}
