import { z } from 'zod';
import { accountCommands } from './account.ts';
import { allianceCommands } from './alliances.ts';
import { adCommands } from './ads.ts';
import { auctionCommands } from './auctions.ts';
import { economyCommands } from './economy.ts';
import { mailCommands } from './mail.ts';
import { offerCommands } from './offers.ts';
import { playCommands } from './play.ts';
import { pushCommands } from './push.ts';
import { socialCommands } from './social.ts';
import { territoryCommands } from './territories.ts';
import { worldCommands } from './world.ts';

/**
 * Every command of the game, each declared once (schema/commands/registry.ts): the write path
 * (docs/design.md "Write path") reads its validator and its policy from here, and the REST
 * routes, their OpenAPI operations and their API-key scopes are generated from the same entries.
 * Registration, login and logout are not here: they make or end the session that every command is
 * acted under. Neither is the payment provider's webhook: it acts for nobody, and the provider's
 * signature, not a session, is its permission.
 */
export const COMMANDS = [
  ...territoryCommands,
  ...economyCommands,
  ...worldCommands,
  ...socialCommands,
  ...adCommands,
  ...accountCommands,
  ...mailCommands,
  ...playCommands,
  ...offerCommands,
  ...auctionCommands,
  ...allianceCommands,
  ...pushCommands,
] as const;
type Entry = (typeof COMMANDS)[number];

/** Every write of the game, over REST or the world room, as one union. */
export type Command = z.infer<Entry['schema']>;
export type CommandType = Command['type'];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;
const schemas = COMMANDS.map((entry) => entry.schema) as unknown as [Entry['schema'], ...Entry['schema'][]];
export const Command: z.ZodType<Command> = z.discriminatedUnion('type', schemas);

/** A command before it is read: its type, and whatever the transport received for the rest. */
export type CommandInput = { type: CommandType } & Record<string, unknown>;

export const COMMAND_TYPES: readonly CommandType[] = COMMANDS.map((entry) => entry.type);
