import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { plainList, readQuery } from '../state/query.ts';
import { assignTerritory, serverMessageOr, setTerritoryRent } from '../api.ts';
import { AssignForm } from '../admin/AssignForm.tsx';
import { QueryState } from '../admin/QueryState.tsx';
import { RentEditor } from '../admin/RentEditor.tsx';
import { WanaktOnly } from '../admin/RoleGates.tsx';
import { Screen } from '../admin/Screen.tsx';
import { flattenHierarchy, paysRent } from '../../schema/rules/feudal.ts';
import { RENT_PERIOD_MONTHS } from '../../schema/rules/rent.ts';
import { formatDrk } from '../format.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { goLive } from '../state/world.ts';
import { PlayerLink } from '../hud/PlayerLink.tsx';
import { typeName } from '../../schema/display-names.ts';

function TerritoryManagement({ wanaktId }: { wanaktId: string }) {
  const queryClient = useQueryClient();
  const hierarchy = useQuery(readQuery('/territories/hierarchy'));
  // The lists move when the room says an owner changed, whoever changed it.
  useEffect(goLive, []);
  const users = useQuery({ ...readQuery('/users'), select: plainList });

  async function assign(territoryId: number, userId: string, price: number): Promise<boolean> {
    try {
      const { message } = await assignTerritory(territoryId, userId, price);
      showToast({ title: 'Territory Assigned', description: message });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Assignment Failed', description: serverMessageOr(error, 'Unable to assign territory') });
      return false;
    }
    return true;
  }

  async function saveRent(territoryId: number, rentAmount: number): Promise<boolean> {
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

  const all = hierarchy.data ? flattenHierarchy(hierarchy.data) : [];
  const owned = all.filter((territory) => territory.owner_id !== null);
  const available = all.filter((territory) => territory.owner_id === null);

  return (
    <QueryState queries={[hierarchy, users]} what="the territories">
      <div className="two-columns">
        <AssignForm territories={all} users={users.data ?? []} onAssign={assign} />
        <section className="panel card stack" aria-labelledby="available-heading">
          <h2 id="available-heading">Available Territories ({available.length})</h2>
          {available.length === 0 ? (
            <p className="empty-state">All territories have been assigned</p>
          ) : (
            <ul className="item-list scroll-list" data-testid="available-territories" tabIndex={0} aria-labelledby="available-heading">
              {available.map((territory) => (
                <li className="item" key={territory.id} data-territory={territory.name}>
                  <div className="item-main">
                    <strong>{territory.name}</strong>
                    <span className="muted small">
                      {typeName(territory.type)}
                      {territory.overlord ? ` under ${territory.overlord.name}` : ''}
                    </span>
                  </div>
                  <span>{formatDrk(territory.sale_price ?? territory.price)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="panel card stack" aria-labelledby="owned-heading">
        <div className="spread">
          <h2 id="owned-heading">Owned Territories ({owned.length})</h2>
          <span className="muted small">Rent is charged per {RENT_PERIOD_MONTHS}-month period; main cities pay the Wanakt.</span>
        </div>
        <div className="table-wrap">
          <table className="data-table" data-testid="owned-territories">
            <thead>
              <tr>
                <th>Territory</th>
                <th>Type</th>
                <th>Owner</th>
                <th>Rent</th>
              </tr>
            </thead>
            <tbody>
              {owned.length === 0 && (
                <tr>
                  <td colSpan={4} className="muted">
                    No territories owned yet...
                  </td>
                </tr>
              )}
              {owned.map((territory) => (
                <tr key={territory.id} data-territory={territory.name}>
                  <td>{territory.name}</td>
                  <td>{typeName(territory.type)}</td>
                  <td>
                    <PlayerLink name={territory.owner_name} />
                  </td>
                  <td>
                    {paysRent(territory) ? (
                      <RentEditor
                        territoryName={territory.name}
                        rent={territory.paysRent}
                        custom={territory.rent_amount !== null}
                        onSave={(amount) => saveRent(territory.id, amount)}
                      />
                    ) : (
                      <span className="muted small">Pays no rent</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </QueryState>
  );
}

export default function AdminTerritories() {
  const account = useSession((state) => state.account);
  return (
    <Screen
      title="Territory Management"
      subtitle="Assign territories and set the rent they owe"
      backLabel="Back to Map"
      testId="admin-territories"
    >
      <WanaktOnly>{account && <TerritoryManagement wanaktId={account.id} />}</WanaktOnly>
    </Screen>
  );
}
