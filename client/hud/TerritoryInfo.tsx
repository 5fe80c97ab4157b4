import { MAP_COLOURS } from '../../schema/constants.ts';
import { isRealmTerritory } from '../../schema/rules/market.ts';
import { tierOfType } from '../../schema/rules/territory.ts';
import { formatDrk, formatNumber } from '../format.ts';
import { useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { popupPlacement } from '../map/mapModel.ts';
import { useMapOptions } from '../map/mapOptions.ts';
import { useMapView } from '../map/mapView.ts';
import { ownerLabel, useWorld } from '../state/world.ts';
import { cssColour } from './colour.ts';
import { useDialogs } from './dialogs.ts';
import { useAccount, useTerritory } from './territoryHooks.ts';
import { useVisit } from './useVisit.ts';
import { typeName } from '../../schema/display-names.ts';
import { FigureFact } from './FigureName.tsx';
import { useMonthlyEarnings } from './useMonthlyEarnings.ts';
import { TerritoryOwner } from './PlayerLink.tsx';

// Narrower than this, the popup is a sheet along the map's bottom (see styles.css) instead.
const SHEET_BELOW_PX = 640;

/** Where the popup stands beside its marker, in the map's box; null where the stylesheet places it. */
function usePlacement(popup: RefObject<HTMLElement | null>, shown: boolean): CSSProperties | undefined {
  const marker = useMapView((state) => state.selectedAt);
  const [place, setPlace] = useState<CSSProperties>();
  useLayoutEffect(() => {
    const element = popup.current;
    const area = element?.parentElement;
    if (!shown || !element || !area || !marker || area.clientWidth < SHEET_BELOW_PX) {
      setPlace(undefined);
      return;
    }
    const placeBeside = () => {
      // The popup stays left of the zoom buttons' column and above the mode switch along the map's bottom
      // (hud/MapControls.tsx): either would lie over its buttons. The legend is only a key; it may cover that.
      const zoom = area.querySelector<HTMLElement>('.map-zoom');
      const clearWidth = zoom ? zoom.offsetLeft : area.clientWidth;
      const modes = area.querySelector<HTMLElement>('.map-modes');
      const clearHeight = modes && modes.offsetTop > area.clientHeight / 2 ? modes.offsetTop : area.clientHeight;
      const at = popupPlacement(
        marker,
        { width: element.offsetWidth, height: element.offsetHeight },
        { width: clearWidth, height: clearHeight },
      );
      // Beside its marker it lies over the map's controls where the map is too short to keep it clear of
      // them; as a sheet (the stylesheet's) it stays under the zoom buttons, which it spans.
      setPlace({ left: at.x, top: at.y, right: 'auto', zIndex: 3 });
    };
    placeBeside();
    // The popup grows when a figure arrives after it opened (the owner's earnings): placed again, it stays clear.
    const resized = new ResizeObserver(placeBeside);
    resized.observe(element);
    return () => resized.disconnect();
  }, [popup, shown, marker?.x, marker?.y]);
  return place;
}

// The popup that opens on the map beside the selected marker (docs/rules.md §2 "Map"): a short
// summary (what, whose, what it earns, its price) and the actions. The details (feudal place, upgrade
// tier, description, history) are the right-hand panel's (dashboard/TerritoryDetails.tsx; the Wanakt's description
// and upgrade tier in dashboard/TerritoryManagement.tsx): the two never repeat a fact.
export function TerritoryInfo() {
  const popup = useRef<HTMLElement>(null);
  const selectedId = useWorld((state) => state.selectedId);
  const territory = useTerritory(selectedId);
  const select = useWorld((state) => state.select);
  const account = useAccount();
  const show = useDialogs((state) => state.show);
  const outlined = useMapOptions((state) => (selectedId === null ? false : state.outlined.has(selectedId)));
  const toggleOutline = useMapOptions((state) => state.toggleOutline);
  const { visiting, visit } = useVisit();
  const place = usePlacement(popup, territory !== undefined);
  const earnings = useMonthlyEarnings(territory?.owner_id === account?.id ? (account?.id ?? null) : null, selectedId ?? 0);
  if (!territory) return null;

  const owner = ownerLabel(territory, account?.id ?? null);
  const isOwner = owner === 'You';

  return (
    <aside ref={popup} className="panel territory-info" data-testid="territory-info" aria-label="Selected territory" style={place}>
      <header className="territory-info-head">
        <h2>{territory.name}</h2>
        <button className="icon-button" type="button" aria-label="Close" onClick={() => select(null)}>
          ×
        </button>
      </header>
      <dl className="facts">
        <dt>Type</dt>
        <dd>
          <span className="tier-dot" style={{ background: cssColour(MAP_COLOURS[tierOfType(territory.type)]) }} />
          <span>{typeName(territory.type)}</span>
        </dd>
        <dt>Owner</dt>
        <dd data-testid="territory-owner">
          <TerritoryOwner territory={territory} me={account?.id ?? null} />
        </dd>
        <dt>Visitors</dt>
        <dd data-testid="territory-visits">{formatNumber(territory.visits)}</dd>
        <FigureFact figure="base_revenue">{formatDrk(territory.monthly_revenue)} / month</FigureFact>
        {isOwner && earnings !== undefined && <FigureFact figure="monthly_earnings">{formatDrk(earnings)} / month</FigureFact>}
        {territory.sale_price !== null && (
          <>
            <dt>For sale</dt>
            <dd data-testid="territory-sale-price">{formatDrk(territory.sale_price)}</dd>
          </>
        )}
      </dl>
      <div className="button-row">
        <button className="button" type="button" disabled={visiting} onClick={() => void visit(territory)}>
          Visit
        </button>
        <button
          className="button primary"
          type="button"
          onClick={() => show({ kind: isOwner ? 'listing' : 'purchase', territoryId: territory.id })}
        >
          Trade
        </button>
      </div>
      {isOwner && (
        <div className="owner-actions" aria-label="Owner actions">
          <span className="section-label">Manage</span>
          <div className="button-row">
            <button className="button small" type="button" onClick={() => show({ kind: 'description', territoryId: territory.id })}>
              Edit description
            </button>
            <button className="button small" type="button" aria-pressed={outlined} onClick={() => toggleOutline(territory.id)}>
              Borders
            </button>
            <button className="button small" type="button" onClick={() => show({ kind: 'rules', territoryId: territory.id })}>
              Rules
            </button>
            <button className="button small" type="button" onClick={() => show({ kind: 'upgrade', territoryId: territory.id })}>
              Upgrade
            </button>
            {!isRealmTerritory(territory.type) && (
              <button className="button small" type="button" onClick={() => show({ kind: 'gift', territoryId: territory.id })}>
                Give away
              </button>
            )}
          </div>
        </div>
      )}
      {account?.is_wanakt && (
        <button className="button small wide" type="button" onClick={() => show({ kind: 'edit-territory', territoryId: territory.id })}>
          Edit territory
        </button>
      )}
    </aside>
  );
}
