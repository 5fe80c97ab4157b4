import { useState } from 'react';
import { chainStatuses } from '../../schema/rules/economy.ts';

// docs/rules.md §4 "Chain": complete when every listed territory is owned, and only then does the bonus apply.
export function ChainsTab({ ownedNames }: { ownedNames: readonly string[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const chains = chainStatuses(ownedNames);
  return (
    <section className="stack" aria-label="Chain bonuses">
      <p className="muted">Own every territory of a chain to add its bonus to each of them.</p>
      <ul className="item-list" data-testid="chains">
        {chains.map((chain) => {
          const expanded = open === chain.name;
          return (
            <li className="panel card" key={chain.name} data-chain={chain.name}>
              <button className="chain-toggle" type="button" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : chain.name)}>
                <div className="spread">
                  <div className="item-main">
                    <strong>{chain.name}</strong>
                    <span className="muted small">
                      {chain.owned.length} of {chain.territories.length} owned · +{Math.round(chain.bonus * 100)}% bonus
                    </span>
                  </div>
                  <span className="badge" data-tone={chain.complete ? 'good' : 'info'}>
                    {chain.complete ? 'Complete' : 'Partial'}
                  </span>
                </div>
              </button>
              {expanded && (
                <ul className="chain-detail">
                  {chain.territories.map((name) => (
                    <li key={name}>
                      <span>{name}</span>
                      <span className={chain.owned.includes(name) ? '' : 'muted'}>
                        {chain.owned.includes(name) ? '✓ Owned' : 'Not owned'}
                      </span>
                    </li>
                  ))}
                  <li className="muted small">
                    {chain.complete
                      ? `The +${Math.round(chain.bonus * 100)}% bonus applies to each of these territories.`
                      : `Own the ${chain.territories.length - chain.owned.length} missing ${chain.territories.length - chain.owned.length === 1 ? 'territory' : 'territories'} to earn the bonus.`}
                  </li>
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
