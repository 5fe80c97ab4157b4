import { z } from 'zod';
import { AwayPanel } from '../api/away.ts';
import { player } from './permission.ts';
import { declareCommand } from './registry.ts';

// A player's presence (docs/rules.md §4 "While you were away"): its client says it is there, which
// also counts the day toward the season's tasks, and it dismisses the panel of its absence. Only a
// session sends these: a program's key is not its player looking at the game.
export const MarkVisit = declareCommand(z.object({ type: z.literal('away.visit') }), player(), {
  method: 'post',
  path: '/away/visit',
  scope: null,
  tag: 'Away',
  summary: 'Say the player is here (on opening the game, then every few minutes)',
  description:
    "Read by the game's clock: a visit an hour or more after the one before opens a panel of what happened meanwhile (GET /api/away). The day counts toward the season's days of play when the account's e-mail is verified.",
  ok: { status: 200, schema: z.object({ away: z.boolean() }), description: 'Whether a panel waits' },
});
export const DismissAway = declareCommand(z.object({ type: z.literal('away.dismiss') }), player(), {
  method: 'post',
  path: '/away/dismiss',
  scope: null,
  tag: 'Away',
  summary: 'Dismiss the panel of what happened while you were away',
  ok: { status: 200, schema: AwayPanel, description: 'No panel any more' },
});

export const playCommands = [MarkVisit, DismissAway] as const;
