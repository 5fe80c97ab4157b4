import { MAIN_CITY_RENT, SUB_TERRITORY_RENT } from '../../schema/constants.ts';
import { FEUDAL_SHARE, RENT_DUE_DAYS, RENT_PERIOD_MONTHS } from '../../schema/rules/rent.ts';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { formatDrk, plural } from '../format.ts';
import { findNode, useHierarchy } from './hierarchy.ts';
import { Modal } from './Modal.tsx';
import { useTerritory } from './territoryHooks.ts';
import { rentLine, vassalageOf } from '../feudalFigures.ts';

// The rule of docs/rules.md §1 and §9 that sets what this kind of territory owes upwards.
function ruleOf(territory: TerritoryDto): string {
  const share = FEUDAL_SHARE[territory.type];
  if (territory.type === 'main') return `Main cities pay ${formatDrk(MAIN_CITY_RENT)} to the Wanakt.`;
  if (territory.type === 'sub') return `Sub-territories pay ${formatDrk(SUB_TERRITORY_RENT)} to their main city’s owner.`;
  if (share)
    return `A ${territory.type} pays ${share.percent}% of its monthly revenue to its ${share.overlord === 'main' ? 'main city' : share.overlord}.`;
  if (territory.type === 'wanakt') return 'The Wanakt’s seat pays no rent: every main city pays tribute here.';
  return `A ${territory.type} territory pays no rent to anyone.`;
}

interface RulesDialogProps {
  territoryId: number;
  onClose: () => void;
}

export function RulesDialog({ territoryId, onClose }: RulesDialogProps) {
  const territory = useTerritory(territoryId);
  const hierarchy = useHierarchy();
  if (!territory) return null;
  const node = hierarchy.data ? findNode(hierarchy.data, territoryId) : undefined;
  const vassalage = node && hierarchy.data ? vassalageOf(node, hierarchy.data) : undefined;

  return (
    <Modal
      title={`Rules of ${territory.name}`}
      description={`Rent is due every ${RENT_PERIOD_MONTHS} months, within ${RENT_DUE_DAYS} days.`}
      onClose={onClose}
      testId="rules-dialog"
    >
      <p>{ruleOf(territory)}</p>
      {hierarchy.isPending && <p className="muted">Loading the feudal chain…</p>}
      {hierarchy.isError && <p className="form-error">Could not load the feudal chain ({hierarchy.error.message}).</p>}
      {node && vassalage && (
        <ul className="rule-list" data-testid="territory-rules">
          {node.rent_amount !== null && <li>The Wanakt set this territory’s rent to {formatDrk(node.rent_amount)} per period.</li>}
          <li>{rentLine(node)}.</li>
          <li>
            {vassalage.collects > 0
              ? `Collects ${formatDrk(vassalage.collects)} from ${plural(vassalage.vassals, 'vassal')} each period.`
              : `Collects nothing: ${vassalage.vassals === 0 ? 'it has no vassals' : 'none of its vassals is owned yet'}.`}
          </li>
        </ul>
      )}
    </Modal>
  );
}
