import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { plainList, readQuery } from '../state/query.ts';
import { useTerritory } from '../hud/territoryHooks.ts';
import { useWorld } from '../state/world.ts';
import { ChatBox } from './ChatBox.tsx';
import { territoryChatSource } from './chatTransport.ts';
import { Section } from './Section.tsx';

// The chat of the territory selected on the map: stored history from REST, new messages live.
export function TerritoryChat() {
  const territoryId = useWorld((state) => state.selectedId);
  const territory = useTerritory(territoryId);
  const source = useMemo(() => (territoryId === null ? null : territoryChatSource(territoryId)), [territoryId]);
  const history = useQuery({
    ...readQuery('/chat/:territoryId', { territoryId: territoryId ?? 0 }),
    select: plainList,
    enabled: territoryId !== null,
  });

  return (
    <Section title={territory ? `Chat · ${territory.name}` : 'Territory Chat'} testId="territory-chat">
      {source === null ? (
        <p className="muted empty">Select a territory on the map to join its chat.</p>
      ) : (
        <ChatBox source={source} history={history} empty="No messages yet. Be the first to say hello!" />
      )}
    </Section>
  );
}
