import type { HierarchyNode } from '../../schema/api/territories.ts';
import { MAIN_CITY_RENT, SUB_TERRITORY_RENT } from '../../schema/constants.ts';
import { FEUDAL_SHARE, RENT_PERIOD_MONTHS } from '../../schema/rules/rent.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { feudalFigures, payeeOf } from '../dashboard/feudalFigures.ts';
import { formatDrk } from '../format.ts';
import { useHierarchy } from '../hud/hierarchy.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';

const FLOWS = [
  { from: 'Villages', to: 'towns', share: `${FEUDAL_SHARE.village!.percent}%` },
  { from: 'Towns', to: 'cities', share: `${FEUDAL_SHARE.town!.percent}%` },
  { from: 'Cities', to: 'main cities', share: `${FEUDAL_SHARE.city!.percent}%` },
  { from: 'Sub-territories', to: 'their main city', share: formatDrk(SUB_TERRITORY_RENT) },
  { from: 'Main cities', to: 'the Wanakt', share: formatDrk(MAIN_CITY_RENT) },
];

function TreeRow({ node }: { node: HierarchyNode }) {
  const payee = payeeOf(node);
  return (
    <li>
      <div className="tree-row" data-testid="tree-row" data-territory={node.name}>
        <span className={`badge type-${node.type}`}>{node.type}</span>
        <span className="tree-name">{node.name}</span>
        <span className="muted small">
          {node.vassals.length} vassal{node.vassals.length === 1 ? '' : 's'}
        </span>
        {node.paysRent > 0 && payee && (
          <span className="small">
            Pays {formatDrk(node.paysRent)} to {payee}
          </span>
        )}
        {node.collectsRent > 0 && <span className="small collects">Collects {formatDrk(node.collectsRent)}</span>}
        <span className="owner small"><PlayerLink name={node.owner_name} fallback="Unowned" /></span>
      </div>
      {node.vassals.length > 0 && (
        <ul className="tree">
          {node.vassals.map((vassal) => (
            <TreeRow key={vassal.id} node={vassal} />
          ))}
        </ul>
      )}
    </li>
  );
}

export default function Feudal() {
  const hierarchy = useHierarchy();
  const figures = hierarchy.data ? feudalFigures(hierarchy.data) : null;

  return (
    <Screen title="Feudal Hierarchy" subtitle="Rent flows up the chain, from villages to the Wanakt." backLabel="Back to Map" testId="feudal">
      <section className="card-grid" aria-label="Rental flow">
        <div className="panel card">
          <h3>Rental flow</h3>
          <ul className="rule-list">
            {FLOWS.map((flow) => (
              <li key={flow.from} className="small">
                {flow.from} pay <strong>{flow.share}</strong> to {flow.to}
              </li>
            ))}
          </ul>
          <p className="muted small">Every {RENT_PERIOD_MONTHS} months.</p>
        </div>
        {figures && (
          <>
            <div className="panel card" data-testid="feudal-counts">
              <h3>Settlements</h3>
              <dl className="facts compact">
                <dt>Main cities</dt>
                <dd>{figures.counts.main}</dd>
                <dt>Cities</dt>
                <dd>{figures.counts.city}</dd>
                <dt>Towns</dt>
                <dd>{figures.counts.town}</dd>
                <dt>Villages</dt>
                <dd>{figures.counts.village}</dd>
              </dl>
            </div>
            <div className="panel card">
              <h3>Total monthly rents</h3>
              <p className="figure" data-testid="monthly-rents">
                {formatDrk(figures.rentsPerMonth)}
              </p>
              <p className="muted small">
                {formatDrk(figures.rentsPerPeriod)} owed by owned territories each {RENT_PERIOD_MONTHS}-month period.
              </p>
              <p className="muted small">{formatDrk(figures.fullRealmPerPeriod)} a period once every territory has an owner.</p>
            </div>
          </>
        )}
      </section>
      <QueryState queries={[hierarchy]} what="the feudal tree">
        <ul className="tree" aria-label="Feudal tree" data-testid="feudal-tree">
          {hierarchy.data?.map((root) => (
            <TreeRow key={root.id} node={root} />
          ))}
        </ul>
      </QueryState>
    </Screen>
  );
}
