import { useState, type FormEvent } from 'react';
import { MAIN_CITY_RENT, SUB_TERRITORY_RENT } from '../../schema/constants.ts';
import { CITY_PRESETS, CITY_PRESET_TYPES, existingSettlement, presetsOfType } from '../../schema/rules/presets.ts';
import { FEUDAL_SHARE } from '../../schema/rules/rent.ts';
import { formatDrk } from '../format.ts';
import {
  EMPTY_CITY_FIELDS,
  SETTLEMENT_TYPE_LABELS,
  checkCityFields,
  fieldsFromPreset,
  type CityFields,
  type NewSettlement,
} from '../forms/create-city.ts';
import { showToast } from '../state/toasts.ts';
import { TypeSelect } from './TypeSelect.tsx';

interface CreateCityProps {
  /** Resolves true when the server created the settlement; the form then resets. */
  onCreate: (settlement: NewSettlement) => Promise<boolean>;
  /** The territories on the map, so a name already there is offered a move instead of a copy. */
  existing: readonly { id: number; name: string; latitude: string; longitude: string }[];
  /** Moves an existing settlement's pin to the form's coordinates; resolves true when it moved. */
  onMove: (id: number, latitude: string, longitude: string) => Promise<boolean>;
}

// docs/rules.md §4 "Settlement creation" and §9 "Settlement presets": the form, the Quick Add presets that fill it, and the feudal note.
export function CreateCity({ onCreate, existing, onMove }: CreateCityProps) {
  const [fields, setFields] = useState<CityFields>(EMPTY_CITY_FIELDS);
  const [pending, setPending] = useState(false);
  const set = (change: Partial<CityFields>) => setFields((current) => ({ ...current, ...change }));
  const namesake = fields.name.trim() === '' ? null : existingSettlement(fields.name, existing);
  // A preset already on the map would only fill a form that refuses it: Quick Add offers the others.
  const missing = (type: (typeof CITY_PRESET_TYPES)[number]) =>
    presetsOfType(type).filter((preset) => !existingSettlement(preset.name, existing));
  const typesLeft = CITY_PRESET_TYPES.filter((type) => missing(type).length > 0);

  async function move() {
    const check = checkCityFields(fields);
    if (!namesake || !check.ok) {
      if (!check.ok) showToast({ variant: 'destructive', title: check.title, description: check.description });
      return;
    }
    setPending(true);
    try {
      if (await onMove(namesake.id, String(check.settlement.latitude), String(check.settlement.longitude))) setFields(EMPTY_CITY_FIELDS);
    } finally {
      setPending(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkCityFields(fields);
    if (!check.ok) {
      showToast({ variant: 'destructive', title: check.title, description: check.description });
      return;
    }
    setPending(true);
    try {
      if (await onCreate(check.settlement)) setFields(EMPTY_CITY_FIELDS);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="two-columns">
      <form className="panel card stack" data-testid="create-city-form" onSubmit={submit} noValidate>
        <h2>Settlement Details</h2>
        <label className="field">
          <span>Settlement Name *</span>
          <input name="name" value={fields.name} onChange={(event) => set({ name: event.target.value })} placeholder="e.g. Reykjavík" />
        </label>
        <div className="field-row">
          <label className="field">
            <span>Latitude *</span>
            <input
              name="latitude"
              inputMode="decimal"
              value={fields.latitude}
              onChange={(event) => set({ latitude: event.target.value })}
              placeholder="e.g. 64.1466"
            />
          </label>
          <label className="field">
            <span>Longitude *</span>
            <input
              name="longitude"
              inputMode="decimal"
              value={fields.longitude}
              onChange={(event) => set({ longitude: event.target.value })}
              placeholder="e.g. -21.9426"
            />
          </label>
        </div>
        <div className="field">
          <span>Territory Type</span>
          <TypeSelect value={fields.type} onChange={(type) => set({ type })} />
        </div>
        <label className="field">
          <span>Base Price (DRK)</span>
          <input
            name="basePrice"
            inputMode="numeric"
            value={fields.basePrice}
            onChange={(event) => set({ basePrice: event.target.value })}
          />
        </label>
        {namesake && (
          <div className="notice panel" role="status" data-testid="duplicate-settlement">
            <strong>{namesake.name} is already on the map</strong>
            <p className="muted small">
              at {Number(namesake.latitude).toFixed(4)}, {Number(namesake.longitude).toFixed(4)}. A second one would duplicate it: move the
              existing pin to these coordinates instead.
            </p>
            <button className="button" type="button" disabled={pending} onClick={() => void move()}>
              Move {namesake.name} here
            </button>
          </div>
        )}
        <button
          className="button primary"
          type="submit"
          disabled={pending || namesake !== null}
          title={namesake ? `${namesake.name} is already on the map` : undefined}
        >
          {pending ? 'Creating City...' : 'Create City'}
        </button>
        <FeudalNote />
      </form>
      <section className="panel card stack" aria-labelledby="quick-add-heading" data-testid="quick-add">
        <h2 id="quick-add-heading">Quick Add Popular Cities</h2>
        {typesLeft.length === 0 ? (
          <p className="muted" data-testid="quick-add-none">
            All {CITY_PRESETS.length} of these cities are on the map already. Type a new settlement's name and place to add it.
          </p>
        ) : (
          <p className="muted small">
            Fills the form; nothing is created until you press Create City. Cities already on the map are not offered.
          </p>
        )}
        {typesLeft.map((type) => (
          <div className="stack" key={type}>
            <h3>{SETTLEMENT_TYPE_LABELS[type]}</h3>
            <div className="row">
              {missing(type).map((preset) => (
                <button className="button small" type="button" key={preset.name} onClick={() => setFields(fieldsFromPreset(preset))}>
                  {preset.name} · {formatDrk(preset.basePrice)}
                </button>
              ))}
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}

function FeudalNote() {
  const { village, town, city } = FEUDAL_SHARE;
  return (
    <aside className="notice panel" data-testid="feudal-note">
      <strong>How the new settlement pays rent</strong>
      <p className="muted small">
        A new city, town or village joins the feudal tree under the nearest territory of the level above, and rent flows upward: villages
        pay {village?.percent}% of their revenue to their town, towns {town?.percent}% to their city, cities {city?.percent}% to their main
        city, sub-territories {formatDrk(SUB_TERRITORY_RENT)} to their main city, and every main city pays {formatDrk(MAIN_CITY_RENT)} to
        the Wanakt. New settlements start unowned and for sale at their base price.
      </p>
    </aside>
  );
}
