import { useMemo, useRef, useState } from 'react';
import type { HierarchyNode } from '../../schema/api/territories.ts';
import { MAIN_CITY_RENT, SUB_TERRITORY_RENT } from '../../schema/constants.ts';
import { FEUDAL_SHARE, RENT_PERIOD_MONTHS } from '../../schema/rules/rent.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { feudalFigures, rentLine, vassalageOf } from '../feudalFigures.ts';
import { branchIds, filterTree, ownPath } from '../dashboard/feudalTree.ts';
import { formatDrk, plural } from '../format.ts';
import { useHierarchy } from '../hud/hierarchy.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { useSession } from '../state/session.ts';
import { UNOWNED, typeName } from '../../schema/display-names.ts';

const FLOWS = [
  { from: 'Villages', to: 'towns', share: `${FEUDAL_SHARE.village!.percent}%` },
  { from: 'Towns', to: 'cities', share: `${FEUDAL_SHARE.town!.percent}%` },
  { from: 'Cities', to: 'main cities', share: `${FEUDAL_SHARE.city!.percent}%` },
  { from: 'Sub-territories', to: 'their main city', share: formatDrk(SUB_TERRITORY_RENT) },
  { from: 'Main cities', to: 'the Wanakt', share: formatDrk(MAIN_CITY_RENT) },
];

interface TreeView {
  open: ReadonlySet<number>;
  toggle: (id: number) => void;
  ownerId: string | null;
  /** The whole tree's roots, which the Wanakt's seat collects from (feudalFigures.ts vassalageOf). */
  roots: readonly HierarchyNode[];
  /** The first of the player's own rows, scrolled to when the tree first shows. */
  ownRow: (row: HTMLDivElement | null) => void;
}

function TreeRow({ node, view }: { node: HierarchyNode; view: TreeView }) {
  const open = view.open.has(node.id);
  const own = view.ownerId !== null && node.owner_id === view.ownerId;
  const vassalage = vassalageOf(node, view.roots);
  return (
    <li>
      <div
        className={own ? 'tree-row own' : 'tree-row'}
        data-testid="tree-row"
        data-territory={node.name}
        ref={own ? view.ownRow : undefined}
      >
        {node.vassals.length > 0 ? (
          <button
            className="tree-toggle"
            type="button"
            aria-expanded={open}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
            onClick={() => view.toggle(node.id)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="tree-toggle" aria-hidden="true" />
        )}
        <span className={`badge type-${node.type}`}>{typeName(node.type)}</span>
        <span className="tree-name">{node.name}</span>
        <span className="muted small">{plural(vassalage.vassals, 'vassal')}</span>
        {(node.paysRent > 0 || node.paysNobody) && <span className="small">{rentLine(node)}</span>}
        {vassalage.collects > 0 && <span className="small collects">Collects {formatDrk(vassalage.collects)}</span>}
        <span className="owner small">
          <PlayerLink name={node.owner_name} fallback={UNOWNED} />
        </span>
      </div>
      {open && (
        <ul className="tree">
          {node.vassals.map((vassal) => (
            <TreeRow key={vassal.id} node={vassal} view={view} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Shut below the first level, except the way down to the player's own places, which opens and
 * scrolls into view; a search shows only the matches and what is above them, all open.
 */
function FeudalTree({ roots }: { roots: readonly HierarchyNode[] }) {
  const ownerId = useSession((state) => state.account?.id ?? null);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<ReadonlySet<number> | null>(null);
  const shown = useMemo(() => filterTree(roots, search), [roots, search]);
  const searching = search.trim() !== '';
  const open = searching ? branchIds(shown) : (opened ?? ownPath(roots, ownerId));
  const scrolled = useRef(false);

  const openOnly = (ids: ReadonlySet<number>) => {
    setSearch('');
    setOpened(ids);
  };
  const view: TreeView = {
    open,
    ownerId,
    roots,
    toggle: (id) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      openOnly(next);
    },
    ownRow: (row) => {
      if (!row || scrolled.current || searching) return;
      scrolled.current = true;
      row.scrollIntoView({ block: 'center' });
    },
  };

  return (
    <section className="stack" aria-label="Feudal tree">
      <div className="tree-tools">
        <input
          className="inline-input"
          type="search"
          aria-label="Find a territory in the tree"
          placeholder="Find a territory"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <button className="button" type="button" onClick={() => openOnly(branchIds(roots))}>
          Expand all
        </button>
        <button className="button" type="button" onClick={() => openOnly(new Set())}>
          Collapse all
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="empty-state">No territory of that name.</p>
      ) : (
        <ul className="tree" data-testid="feudal-tree">
          {shown.map((root) => (
            <TreeRow key={root.id} node={root} view={view} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Feudal() {
  const hierarchy = useHierarchy();
  const figures = hierarchy.data ? feudalFigures(hierarchy.data) : null;

  return (
    <Screen
      title="Feudal Hierarchy"
      subtitle="Rent flows up the chain, from villages to the Wanakt."
      backLabel="Back to Map"
      testId="feudal"
    >
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
        {hierarchy.data && <FeudalTree roots={hierarchy.data} />}
      </QueryState>
    </Screen>
  );
}
