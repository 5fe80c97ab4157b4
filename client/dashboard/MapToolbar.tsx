import { Link } from 'react-router';
import { useIsWanakt } from '../state/session.ts';
import { useMapOptions } from '../map/mapOptions.ts';

interface MapToolbarProps {
  onOpenLeft: () => void;
  onOpenRight: () => void;
}

export function MapToolbar({ onOpenLeft, onOpenRight }: MapToolbarProps) {
  const isWanakt = useIsWanakt();
  const { pinEdit, showBoundaries, showLinks, setPinEdit, toggleBoundaries, toggleLinks } = useMapOptions();

  return (
    <div className="map-toolbar" role="toolbar" aria-label="Map tools">
      <button className="button small drawer-toggle" type="button" onClick={onOpenLeft}>
        ☰ Menu
      </button>
      {isWanakt && (
        <>
          <button
            className={pinEdit ? 'button small on' : 'button small'}
            type="button"
            aria-pressed={pinEdit}
            onClick={() => setPinEdit(!pinEdit)}
            data-admin="true"
          >
            {pinEdit ? 'Edit ON' : 'Edit OFF'}
          </button>
          <Link className="button small" to="/admin/create-city" data-admin="true">
            + Add City
          </Link>
          <Link className="button small" to="/admin/desk" data-admin="true">
            Desk
          </Link>
        </>
      )}
      <button
        className={showBoundaries ? 'button small on' : 'button small'}
        type="button"
        aria-pressed={showBoundaries}
        onClick={toggleBoundaries}
      >
        Boundaries
      </button>
      <button className={showLinks ? 'button small on' : 'button small'} type="button" aria-pressed={showLinks} onClick={toggleLinks}>
        Links
      </button>
      <button className="button small drawer-toggle" type="button" onClick={onOpenRight}>
        Details ▸
      </button>
    </div>
  );
}
