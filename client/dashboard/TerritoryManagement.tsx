import { useState } from 'react';
import { Link } from 'react-router';
import { RentEditor } from '../admin/RentEditor.tsx';
import { paysRent } from '../../schema/rules/feudal.ts';
import { renameTerritory, serverMessageOr, setTerritoryRent } from '../api.ts';
import { useDialogs } from '../hud/dialogs.ts';
import { findNode, useHierarchy } from '../hud/hierarchy.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { useTerritory } from '../hud/territoryHooks.ts';
import { queryClient } from '../state/query.ts';
import { showToast } from '../state/toasts.ts';
import { Section } from './Section.tsx';
import { TerritoryDescription, UpgradeTierFact } from './TerritoryAbout.tsx';
// RentEditor is the admin screens' component and is laid out by their stylesheet.
import '../admin.css';

// The Wanakt's controls for the selected territory: rename, set its rent, assign it, move its pin. Above them,
// what the map popup leaves to the panel (its description and upgrade tier), as the players' TerritoryDetails shows it.
export function TerritoryManagement({ territoryId, wanaktId }: { territoryId: number; wanaktId: string }) {
  const territory = useTerritory(territoryId);
  const hierarchy = useHierarchy();
  const show = useDialogs((state) => state.show);
  const [name, setName] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!territory) return null;
  const node = hierarchy.data ? findNode(hierarchy.data, territoryId) : undefined;

  async function rename() {
    if (!territory || name === null || name.trim() === '' || name.trim() === territory.name) return;
    setSaving(true);
    try {
      await renameTerritory(territory.id, wanaktId, name.trim());
      showToast({ title: 'Name saved successfully' });
      setName(null);
    } catch (error) {
      showToast({
        variant: 'destructive',
        title: 'Failed to save name change',
        description: serverMessageOr(error, 'Error saving changes'),
      });
    } finally {
      setSaving(false);
    }
  }

  async function saveRent(rentAmount: number): Promise<boolean> {
    try {
      const { message } = await setTerritoryRent(territoryId, wanaktId, rentAmount);
      showToast({ title: 'Rent Updated', description: message });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Update Failed', description: serverMessageOr(error, 'Unable to update rent amount') });
      return false;
    }
    // A rent amount is no live fact of the world: the room does not carry it.
    await queryClient.invalidateQueries({ queryKey: queryKeyOf('/territories/hierarchy') });
    return true;
  }

  return (
    <Section title="Territory Management" testId="territory-management">
      <TerritoryDescription territory={territory} />
      <dl className="facts compact">
        <UpgradeTierFact territory={territory} />
      </dl>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void rename();
        }}
      >
        <label className="field compact">
          Name
          <input name="territory-name" maxLength={100} value={name ?? territory.name} onChange={(event) => setName(event.target.value)} />
        </label>
        <button
          className="button small primary"
          type="submit"
          disabled={saving || name === null || name.trim() === '' || name.trim() === territory.name}
        >
          Rename
        </button>
      </form>
      <div className="field compact">
        <span>Rent per period</span>
        {node ? (
          paysRent(node) ? (
            <RentEditor territoryName={territory.name} rent={node.paysRent} custom={node.rent_amount !== null} onSave={saveRent} />
          ) : (
            <span className="muted small">Pays no rent</span>
          )
        ) : (
          <span className="muted small">{hierarchy.isError ? 'Could not load the rent.' : 'Loading…'}</span>
        )}
      </div>
      <div className="button-row">
        <Link className="button small" to={`/admin/territories?territory=${territory.id}`}>
          Assign
        </Link>
        <button className="button small" type="button" onClick={() => show({ kind: 'edit-territory', territoryId: territory.id })}>
          Edit position
        </button>
        <button className="button small" type="button" onClick={() => show({ kind: 'rules', territoryId: territory.id })}>
          Rules
        </button>
      </div>
    </Section>
  );
}
