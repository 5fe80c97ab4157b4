import { useState } from 'react';
import { coordinatesOf, markerPosition } from '../../schema/rules/territory.ts';
import { MARKER_MAX_X, MARKER_MAX_Y, MARKER_MIN_X, MARKER_MIN_Y } from '../../schema/constants.ts';
import { renameTerritory } from '../api.ts';
import { dropPin, pinPosition } from '../map/pinTransport.ts';
import { showToast } from '../state/toasts.ts';
import { Modal } from './Modal.tsx';
import { useAccount, useTerritory } from './territoryHooks.ts';

interface EditTerritoryWindowProps {
  territoryId: number;
  onClose: () => void;
}

const round = (value: number) => Math.round(value * 10) / 10;

// The Wanakt's edit-territory window: the name, and the pin's x/y on the 1000x600 map.
export function EditTerritoryWindow({ territoryId, onClose }: EditTerritoryWindowProps) {
  const territory = useTerritory(territoryId);
  const account = useAccount();
  const start = territory ? markerPosition(Number(territory.latitude), Number(territory.longitude)) : { x: 0, y: 0 };
  const [name, setName] = useState(territory?.name ?? '');
  const [x, setX] = useState(String(round(start.x)));
  const [y, setY] = useState(String(round(start.y)));
  const [saving, setSaving] = useState(false);
  if (!territory || !account) return null;

  const nx = Number(x);
  const ny = Number(y);
  const xValid = x.trim() !== '' && Number.isFinite(nx) && nx >= MARKER_MIN_X && nx <= MARKER_MAX_X;
  const yValid = y.trim() !== '' && Number.isFinite(ny) && ny >= MARKER_MIN_Y && ny <= MARKER_MAX_Y;

  async function save() {
    if (!territory || !account) return;
    setSaving(true);
    const renamed = name.trim() !== territory.name;
    try {
      if (renamed) {
        try {
          await renameTerritory(territory.id, account.id, name.trim());
          showToast({ title: 'Name saved successfully' });
        } catch {
          showToast({ variant: 'destructive', title: 'Failed to save name change' });
          return;
        }
      }
      if (nx !== round(start.x) || ny !== round(start.y)) {
        const { latitude, longitude } = coordinatesOf(nx, ny);
        // One toast shows at a time: after a rename its "Name saved" stays, and the move is undone
        // from the desk's audit log, which keeps both positions.
        await dropPin(territory.id, account.id, pinPosition(latitude, longitude), !renamed);
      }
      onClose();
    } catch {
      showToast({ variant: 'destructive', title: 'Error saving changes' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title="Edit Territory" description={`${territory.name} · ${territory.type}`} onClose={onClose} testId="edit-territory">
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="field">
          Name
          <input
            name="name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={name.trim() === ''}
          />
        </label>
        <div className="field-row">
          <label className="field">
            X ({MARKER_MIN_X}–{MARKER_MAX_X})
            <input name="x" inputMode="decimal" value={x} onChange={(event) => setX(event.target.value)} aria-invalid={!xValid} />
          </label>
          <label className="field">
            Y ({MARKER_MIN_Y}–{MARKER_MAX_Y})
            <input name="y" inputMode="decimal" value={y} onChange={(event) => setY(event.target.value)} aria-invalid={!yValid} />
          </label>
        </div>
        <div className="modal-actions">
          <button className="button" type="button" onClick={onClose}>
            Cancel
          </button>
          <button className="button primary" type="submit" disabled={saving || name.trim() === '' || !xValid || !yValid}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
