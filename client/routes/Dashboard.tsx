import { useEffect } from 'react';
import { MapLegend } from '../hud/MapLegend.tsx';
import { TerritoryInfo } from '../hud/TerritoryInfo.tsx';
import { TopBar } from '../hud/TopBar.tsx';
import { WorldMap } from '../map/WorldMap.tsx';
import { loadTerritories, useWorld } from '../state/world.ts';

export default function Dashboard() {
  const status = useWorld((state) => state.status);
  const error = useWorld((state) => state.error);

  useEffect(() => {
    void loadTerritories();
  }, []);

  return (
    <div className="dashboard">
      <TopBar />
      <main className="map-area">
        <WorldMap />
        {status === 'loading' && <p className="panel map-status">Loading territories…</p>}
        {status === 'error' && (
          <div className="panel map-status" role="alert">
            <p>Could not load the territories ({error}).</p>
            <button className="button" type="button" onClick={() => void loadTerritories()}>
              Try again
            </button>
          </div>
        )}
        <MapLegend />
        <TerritoryInfo />
      </main>
    </div>
  );
}
