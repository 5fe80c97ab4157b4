import { z } from 'zod';
import { accountCommands } from './account.ts';
import { adCommands } from './ads.ts';
import { economyCommands } from './economy.ts';
import { socialCommands } from './social.ts';
import { territoryCommands } from './territories.ts';
import { worldCommands } from './world.ts';

/**
 * Every write of the game, over REST or the world room, as one union (docs/design.md "The path of a
 * write"). Registration, login and logout are not here: they make or end the session that every
 * command is acted under. Neither is the payment provider's webhook: it acts for nobody, and the
 * provider's signature, not a session, is its permission.
 */
export const Command = z.discriminatedUnion('type', [...territoryCommands, ...economyCommands, ...worldCommands, ...socialCommands, ...adCommands, ...accountCommands]);
export type Command = z.infer<typeof Command>;
export type CommandType = Command['type'];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** A command before it is read: its type, and whatever the transport received for the rest. */
export type CommandInput = { type: CommandType } & Record<string, unknown>;

export const COMMAND_TYPES: readonly CommandType[] = Command.options.map((option) => option.shape.type.value);
