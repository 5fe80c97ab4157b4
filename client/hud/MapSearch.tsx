import './mapHud.css';
import { useId, useMemo, useState } from 'react';
import { searchMap, type SearchResult } from '../map/search.ts';
import { useMapView } from '../map/mapView.ts';
import { useWorld } from '../state/world.ts';

const MAX_RESULTS = 8;

function targetOf(result: SearchResult): number {
  return result.kind === 'territory' ? result.id : result.territoryIds[0];
}

// Finds a territory or a player as the name is typed, and flies the map to the choice.
export function MapSearch() {
  const territories = useWorld((state) => state.territories);
  const camera = useMapView((state) => state.camera);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const results = useMemo(() => searchMap(territories, text, MAX_RESULTS), [territories, text]);

  const choose = (result: SearchResult) => {
    camera?.flyTo(targetOf(result));
    setText('');
  };

  return (
    <div className="map-search" role="search">
      <input
        className="inline-input"
        type="search"
        placeholder="Find a place or a player"
        aria-label="Find a place or a player"
        aria-controls={listId}
        aria-expanded={results.length > 0}
        role="combobox"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((index) => Math.min(results.length - 1, index + 1));
          else if (event.key === 'ArrowUp') setActive((index) => Math.max(0, index - 1));
          else if (event.key === 'Enter' && results[active]) choose(results[active]);
          else if (event.key === 'Escape') setText('');
          else return;
          event.preventDefault();
        }}
      />
      {results.length > 0 && (
        <ul className="panel map-search-results" id={listId} role="listbox" aria-label="Search results">
          {results.map((result, index) => (
            <li key={result.kind === 'territory' ? `t${result.id}` : `p${result.name}`} role="option" aria-selected={index === active}>
              <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={() => choose(result)}>
                <span>{result.name}</span>
                <span className="map-search-kind">
                  {result.kind === 'territory'
                    ? result.type
                    : `player · ${result.territoryIds.length} territor${result.territoryIds.length === 1 ? 'y' : 'ies'}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
