import type { TerritoryDto } from '../../schema/api/territory.ts';
import { UPGRADE_MULTIPLIER } from '../../schema/constants.ts';
import { upgradeTierName } from '../../schema/display-names.ts';

// What the map popup leaves to the right-hand panel and every viewer's panel shows, the player's
// (TerritoryDetails) and the Wanakt's (TerritoryManagement): the owner's description and the upgrade tier.

/** The owner's description of the territory, when it has one. */
export function TerritoryDescription({ territory }: { territory: Pick<TerritoryDto, 'description'> }) {
  return territory.description ? <p className="description">{territory.description}</p> : null;
}

/** The upgrade tier as a fact of a `dl.facts` list, with the revenue multiplier it brings (docs/rules.md §4). */
export function UpgradeTierFact({ territory }: { territory: Pick<TerritoryDto, 'upgrade_tier'> }) {
  return (
    <>
      <dt>Upgrade tier</dt>
      <dd data-testid="territory-upgrade-tier">
        {upgradeTierName(territory.upgrade_tier)} ({UPGRADE_MULTIPLIER[territory.upgrade_tier]}x revenue)
      </dd>
    </>
  );
}
