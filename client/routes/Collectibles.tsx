import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { CollectibleDto } from '../../schema/api/collectibles.ts';
import { readQuery } from '../state/query.ts';
import { applyCollectible, purchaseCollectible, serverMessageOr } from '../api.ts';
import { QueryState } from '../admin/QueryState.tsx';
import { Screen } from '../admin/Screen.tsx';
import { groupByDesign, type CollectibleDesign } from '../collectibles/designs.ts';
import { Emblem } from '../collectibles/Emblem.tsx';
import { formatDrk } from '../format.ts';
import { LoginRequired, useLoginHere } from '../hud/LoginRequired.tsx';
import { ConfirmSpend } from '../hud/ConfirmSpend.tsx';
import { Link } from 'react-router';
import { loadSession, useSession } from '../state/session.ts';
import { showToast } from '../state/toasts.ts';

const TYPE_LABEL: Record<CollectibleDto['type'], string> = { palace_skin: 'Palace Skin', heraldry: 'Heraldry' };

function DesignCard({ design, serialsLabel, children }: { design: CollectibleDesign; serialsLabel: string; children: ReactNode }) {
  const item = design.first;
  return (
    <li className="panel card collectible-card" data-testid="collectible">
      <div className="collectible-head">
        <Emblem design={item} />
        <div className="stack">
          <div className="spread">
            <span className="rarity small capitalised" data-rarity={item.rarity}>
              {item.rarity}
            </span>
            <span className="muted small">{TYPE_LABEL[item.type]}</span>
          </div>
          <h3>{item.name}</h3>
        </div>
      </div>
      <p className="description small">{item.description}</p>
      <p className="small" data-testid="serials">
        {serialsLabel}: {design.items.map((copy) => `#${copy.serial_number}`).join(', ')}
      </p>
      {children}
    </li>
  );
}

interface Action {
  run: () => Promise<{ message: string }>;
  success: string;
  failure: string;
  fallback: string;
  /** A purchase moves DRK, so the balance in the top bar is read again. */
  movesDrk: boolean;
}

function CollectiblesShop() {
  const queryClient = useQueryClient();
  const account = useSession((state) => state.account);
  const login = useLoginHere();
  const sessionStatus = useSession((state) => state.status);
  const availableQuery = readQuery('/collectibles/available');
  const available = useQuery(availableQuery);
  const mineQuery = readQuery('/collectibles/user/:userId', { userId: account?.id ?? '' });
  const mine = useQuery({ ...mineQuery, enabled: account !== null });
  const [busyId, setBusyId] = useState<number | null>(null);
  // No DRK moves without a confirmation: Buy opens a confirmation with the balance before and after; only its button buys.
  const [askingId, setAskingId] = useState<number | null>(null);
  const balance = Number(account?.drk_balance ?? 0);

  async function act(id: number, action: Action) {
    setBusyId(id);
    try {
      const { message } = await action.run();
      showToast({ title: action.success, description: message });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: availableQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: mineQuery.queryKey }),
        action.movesDrk ? loadSession() : undefined,
      ]);
    } catch (error) {
      showToast({ variant: 'destructive', title: action.failure, description: serverMessageOr(error, action.fallback) });
    } finally {
      setBusyId(null);
      setAskingId(null);
    }
  }

  const buy = (item: CollectibleDto, userId: string) =>
    act(item.id, {
      run: () => purchaseCollectible(item.id, userId),
      success: 'Collectible Purchased',
      failure: 'Purchase Failed',
      fallback: 'Unable to complete purchase',
      movesDrk: true,
    });
  const toggle = (item: CollectibleDto, userId: string) =>
    act(item.id, {
      run: () => applyCollectible(item.id, userId, !item.is_active),
      success: item.is_active ? 'Collectible Removed' : 'Collectible Applied',
      failure: 'Update Failed',
      fallback: 'Unable to update collectible',
      movesDrk: false,
    });

  return (
    <>
      <section className="stack" aria-labelledby="collection-heading">
        <h2 id="collection-heading">My Collection</h2>
        {sessionStatus === 'ready' && !account && <LoginRequired action="build your collection" />}
        {account && (
          <QueryState queries={[mine]} what="your collection">
            {mine.data?.length === 0 ? (
              <p className="empty-state">Your collection is empty. Buy a palace skin or heraldry below.</p>
            ) : (
              <ul className="card-grid" data-testid="my-collection">
                {groupByDesign(mine.data ?? []).map((design) => {
                  const applied = design.items.find((item) => item.is_active);
                  const target = applied ?? design.first;
                  return (
                    <DesignCard design={design} serialsLabel={design.items.length === 1 ? 'Your serial' : 'Your serials'} key={design.key}>
                      <div className="spread">
                        <span className="badge" data-tone={applied ? 'good' : 'info'}>
                          {applied ? 'Applied' : 'In Collection'}
                          {applied && design.items.length > 1 && ` (#${applied.serial_number})`}
                        </span>
                        <button
                          className="button small"
                          type="button"
                          disabled={busyId === target.id}
                          onClick={() => void toggle(target, account.id)}
                        >
                          {applied ? 'Unapply' : 'Apply'}
                        </button>
                      </div>
                    </DesignCard>
                  );
                })}
              </ul>
            )}
          </QueryState>
        )}
      </section>
      <section className="stack" aria-labelledby="available-heading">
        <h2 id="available-heading">Available for Purchase</h2>
        <QueryState queries={[available]} what="the collectibles">
          {available.data?.length === 0 ? (
            <p className="empty-state">No collectibles available at the moment</p>
          ) : (
            <ul className="card-grid" data-testid="available-collectibles">
              {groupByDesign(available.data ?? []).map((design) => {
                // The lowest serial left of a design is the one sold next.
                const item = design.first;
                const missing = account === null ? 0 : item.price - balance;
                return (
                  <DesignCard design={design} serialsLabel="Serials left" key={design.key}>
                    <div className="spread">
                      <strong>{formatDrk(item.price)}</strong>
                      {!account ? (
                        <Link className="button small primary" to={login}>
                          Log in to buy
                        </Link>
                      ) : (
                        askingId !== item.id && (
                          <button
                            className="button small primary"
                            type="button"
                            disabled={missing > 0 || busyId !== null}
                            aria-describedby={missing > 0 ? `short-${item.id}` : undefined}
                            onClick={() => setAskingId(item.id)}
                          >
                            Buy #{item.serial_number}
                          </button>
                        )
                      )}
                    </div>
                    {missing > 0 && (
                      <p className="muted small" id={`short-${item.id}`} data-testid="short-reason">
                        You need {formatDrk(missing)} more. <Link to="/drk-store">Buy DRK</Link>
                      </p>
                    )}
                    {account && askingId === item.id && (
                      <ConfirmSpend
                        what={`Buy ${item.name} #${item.serial_number} for ${formatDrk(item.price)}?`}
                        cost={item.price}
                        balance={balance}
                        confirmLabel="Confirm purchase"
                        pending={busyId === item.id}
                        onConfirm={() => void buy(item, account.id)}
                        onBack={() => setAskingId(null)}
                      />
                    )}
                  </DesignCard>
                );
              })}
            </ul>
          )}
        </QueryState>
      </section>
    </>
  );
}

export default function Collectibles() {
  return (
    <Screen
      title="Collectibles Shop"
      subtitle="Palace skins and heraldry, each a numbered piece of a limited series"
      backLabel="Back to Map"
      testId="collectibles"
    >
      <CollectiblesShop />
    </Screen>
  );
}
