import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '../../schema/reads/address.ts';
import { plainList, readQuery } from '../state/query.ts';
import { mintDrk, serverMessageOr } from '../api.ts';
import { MintForm } from '../admin/MintForm.tsx';
import { WanaktOnly } from '../admin/RoleGates.tsx';
import { Screen } from '../admin/Screen.tsx';
import { QueryState } from '../admin/QueryState.tsx';
import { SupplyOverview } from '../admin/SupplyOverview.tsx';
import { remainingSupply } from '../forms/mint.ts';
import { formatDrk } from '../format.ts';
import { loadSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

function CurrencyControl() {
  const queryClient = useQueryClient();
  const supply = useQuery(readQuery('/currency/supply'));
  const users = useQuery({ ...readQuery('/users'), select: plainList });

  async function mint(amount: number, recipientId: string): Promise<boolean> {
    try {
      await mintDrk(amount, recipientId);
    } catch (error) {
      showToast({ variant: 'destructive', title: 'Mint Failed', description: serverMessageOr(error, 'Unable to mint DRK') });
      return false;
    }
    const recipient = users.data?.find((user) => user.id === recipientId);
    showToast({ title: 'DRK Minted', description: `${formatDrk(amount)} minted to ${recipient?.username ?? 'the recipient'}` });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeyOf('/currency/supply') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf('/users') }),
      loadSession(),
    ]);
    return true;
  }

  return (
    <QueryState queries={[supply, users]} what="the currency supply">
      {supply.data && users.data && (
        <div className="two-columns">
          <SupplyOverview supply={supply.data} />
          <MintForm remaining={remainingSupply(supply.data)} recipients={users.data} onMint={mint} />
        </div>
      )}
    </QueryState>
  );
}

export default function AdminCurrency() {
  return (
    <Screen title="Currency Control" subtitle="The DRK supply and the Wanakt's mint" backLabel="Back to Map" testId="admin-currency">
      <WanaktOnly>
        <CurrencyControl />
      </WanaktOnly>
    </Screen>
  );
}
