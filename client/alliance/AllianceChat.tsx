import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ChatBox } from '../dashboard/ChatBox.tsx';
import { allianceChatSource } from '../dashboard/chatTransport.ts';
import { plainList, readQuery } from '../state/query.ts';

// docs/rules.md §4 "Alliances", "Chat": the members' own chat, shown to members only; it looks and
// answers the keyboard as a territory's does.
export function AllianceChat({ allianceId }: { allianceId: number }) {
  const source = useMemo(() => allianceChatSource(allianceId), [allianceId]);
  const history = useQuery({ ...readQuery('/alliances/:id/chat', { id: allianceId }), select: plainList });
  return (
    <section className="panel card stack" data-testid="alliance-chat" aria-labelledby="alliance-chat-heading">
      <h2 id="alliance-chat-heading">Alliance chat</h2>
      <p className="muted small">Only the alliance's members read it. Name a member with @name to tell them.</p>
      <ChatBox source={source} history={history} empty="No messages yet: say hello to your alliance." />
    </section>
  );
}
