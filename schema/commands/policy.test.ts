import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES, COMMANDS, Command } from './index.ts';
import { gate, mayActAsOwner, POLICY, refuseImpersonation, type Actor } from './policy.ts';

const visitor: Actor = { user: null, via: 'web' };
const player: Actor = { user: { id: 'p1', username: 'player1', is_wanakt: false }, via: 'web' };
const wanakt: Actor = { user: { id: 'wanakt-admin', username: 'wanakt', is_wanakt: true }, via: 'room' };

describe('[design write path] the policy table', () => {
  it('has one line for every command of the union, and the union no command without one', () => {
    expect(Object.keys(POLICY).sort()).toEqual([...COMMAND_TYPES].sort());
    expect(new Set(COMMAND_TYPES).size).toBe(COMMANDS.length);
  });

  it("when a command is the Wanakt's alone, then no API key may send it: its call has no key scope", () => {
    const wanaktOnly = COMMANDS.filter((entry) => entry.permission.who === 'wanakt');
    expect(wanaktOnly.length).toBeGreaterThan(0);
    for (const entry of wanaktOnly) expect(entry.http.scope, entry.type).toBeNull();
  });

  it('when a visitor sends a command that needs a login, then it is 401 with the screen’s words', () => {
    expect(gate('territory.purchase', visitor)).toEqual({ status: 401, message: 'Please log in to purchase territories' });
    expect(gate('banner.buy', visitor)).toEqual({ status: 401, message: 'Please log in to create a banner' });
    expect(gate('rent.pay', visitor)).toEqual({ status: 401, message: 'Please log in first' });
    expect(gate('currency.mint', visitor)).toEqual({ status: 401, message: 'Please log in first' });
  });

  it('when anyone sends a visitor’s command, then the gate lets it through', () => {
    for (const type of ['territory.visit', 'ad.purchase', 'payment.sandbox-confirm'] as const) expect(gate(type, visitor), type).toBeNull();
  });

  it('when a player sends a Wanakt command, then it is 403; the Wanakt passes', () => {
    const wanaktOnly = COMMAND_TYPES.filter((type) => POLICY[type].who === 'wanakt');
    expect(wanaktOnly).toContain('currency.mint');
    for (const type of wanaktOnly) {
      expect(gate(type, player), type).toEqual({ status: 403, message: 'Only the Wanakt can do that' });
      expect(gate(type, wanakt), type).toBeNull();
    }
  });

  it('when a payload names another acting user, then it is 403; naming oneself or nobody passes', () => {
    expect(refuseImpersonation('chat.post', player, { user_id: 'p2' })).toEqual({ status: 403, message: 'You can only act for yourself' });
    expect(refuseImpersonation('broadcast.send', player, { sender_id: 'p2' })?.status).toBe(403);
    expect(refuseImpersonation('chat.post', player, { user_id: 'p1' })).toBeNull();
    expect(refuseImpersonation('chat.post', player, {})).toBeNull();
    // The assignment's userId is its recipient, not its actor.
    expect(refuseImpersonation('territory.assign', wanakt, { userId: 'p2' })).toBeNull();
  });

  it("when acting as a territory's owner, then only its owner may, and the Wanakt only to rename", () => {
    expect(mayActAsOwner('territory.describe', player, 'p1')).toBe(true);
    expect(mayActAsOwner('territory.describe', player, 'p2')).toBe(false);
    expect(mayActAsOwner('territory.describe', player, null)).toBe(false);
    expect(mayActAsOwner('territory.describe', wanakt, 'p1')).toBe(false);
    expect(mayActAsOwner('territory.rename', wanakt, 'p1')).toBe(true);
  });
});

describe('[design write path] the command union', () => {
  it('reads a REST path id and a room number alike, with the path’s messages', () => {
    const fromPath = Command.parse({ type: 'territory.visit', territoryId: '12' });
    const fromRoom = Command.parse({ type: 'territory.visit', territoryId: 12 });
    expect(fromPath).toEqual(fromRoom);
    const bad = Command.safeParse({ type: 'territory.visit', territoryId: 'abc' });
    expect(bad.success || bad.error.issues[0].message).toBe('Territory id must be a positive whole number');
  });

  it('reads a missing body as an empty one, so the body’s own first message answers', () => {
    const parsed = Command.safeParse({ type: 'currency.mint' });
    expect(parsed.success || parsed.error.issues[0].message).toBe('Please enter a whole amount of DRK from 1 to 21000000');
  });
});
