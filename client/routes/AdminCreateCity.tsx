import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TerritoryDto } from '../../schema/api/territory.ts';
import { createTerritory, moveTerritory, serverMessageOr } from '../api.ts';
import { CreateCity } from '../admin/CreateCity.tsx';
import { WanaktOnly } from '../admin/RoleGates.tsx';
import { Screen } from '../admin/Screen.tsx';
import type { NewSettlement } from '../forms/create-city.ts';
import { formatDrk } from '../format.ts';
import { useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';
import { typeName } from '../../schema/display-names.ts';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { readQuery } from '../state/query.ts';

const NEWEST_SHOWN = 5;

function Settlements({ wanaktId }: { wanaktId: string }) {
  const queryClient = useQueryClient();
  const territories = useQuery({
    ...readQuery('/territories'),
    // Asked without a query, the world read answers its territories' full rows.
    select: (answer) => answer as TerritoryDto[],
  });

  async function create(settlement: NewSettlement): Promise<boolean> {
    try {
      await createTerritory({ ...settlement, userId: wanaktId });
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to create city') });
      return false;
    }
    showToast({ title: 'Success!', description: 'New city created successfully' });
    // docs/rules.md §7: a created territory refreshes the territory list.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf('/territories') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('/territories/hierarchy') }),
    ]);
    return true;
  }

  async function move(id: number, latitude: string, longitude: string): Promise<boolean> {
    try {
      await moveTerritory(id, wanaktId, latitude, longitude);
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Error', description: serverMessageOr(error, 'Failed to move the settlement') });
      return false;
    }
    showToast({ title: 'Moved', description: 'The existing settlement now stands at these coordinates' });
    await queryClient.invalidateQueries({ queryKey: queryKeyOf('/territories') });
    return true;
  }

  const newest = [...(territories.data ?? [])].sort((a, b) => b.id - a.id).slice(0, NEWEST_SHOWN);

  return (
    <>
      <CreateCity onCreate={create} existing={territories.data ?? []} onMove={move} />
      <section className="panel card stack" aria-labelledby="newest-heading">
        <h2 id="newest-heading">Newest Territories</h2>
        {territories.isError && <p className="form-error">Could not load the territories ({territories.error.message}).</p>}
        {territories.isPending && <p className="muted">Loading territories…</p>}
        {territories.data && (
          <ul className="item-list" data-testid="newest-territories">
            {newest.map((territory) => (
              <li className="item" key={territory.id}>
                <div className="item-main">
                  <strong>{territory.name}</strong>
                  <span className="muted small">
                    {typeName(territory.type)} · {Number(territory.latitude).toFixed(4)}, {Number(territory.longitude).toFixed(4)}
                  </span>
                </div>
                <span>{formatDrk(territory.price)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export default function AdminCreateCity() {
  const account = useSession((state) => state.account);
  return (
    <Screen
      title="Create New Settlement"
      subtitle="Found a main city, city, town or village on the world map"
      backLabel="Back to Dashboard"
      testId="admin-create-city"
    >
      <WanaktOnly>{account && <Settlements wanaktId={account.id} />}</WanaktOnly>
    </Screen>
  );
}
