import { Command, type CommandInput, type CommandOf, type CommandType } from '../../schema/commands/index.ts';
import { gate, POLICY, refuseImpersonation, type Actor, type Refusal } from '../../schema/commands/policy.ts';
import { inTransaction } from '../infra/db/database.ts';
import { badInput, GameError } from '../errors.ts';
import type { Answer, CommandDeps, Handler } from './handler.ts';
import { HANDLERS } from './handlers/index.ts';

const refused = (refusal: Refusal) => new GameError(refusal.status, refusal.message);

/**
 * The one path of every write (docs/design.md "Write path"): the policy table says whether the
 * actor may send this command at all (before its payload is read, so a missing login is 401
 * whatever the body says), the payload is read with the command's validator (400 on the first
 * problem), a payload naming another acting user is refused (403), and the command's handler runs
 * in one transaction that commits its rows, ledger lines and outbox events together.
 *
 * `admit` runs once the command is known to be allowed and well-formed, just before it runs: a
 * rate limit placed there counts only requests that could succeed (an anonymous or malformed
 * request is answered 401 or 400, not 429, and spends nothing).
 */
export async function execute(deps: CommandDeps, actor: Actor, input: CommandInput, admit?: () => Promise<void>): Promise<Answer> {
  if (!Object.hasOwn(POLICY, input.type)) throw badInput('Unknown command');
  const closed = gate(input.type, actor);
  if (closed) throw refused(closed);
  const parsed = Command.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Invalid request body');
  const command = parsed.data;
  const impersonation = refuseImpersonation(command.type, actor, 'body' in command ? command.body : undefined);
  if (impersonation) throw refused(impersonation);
  await admit?.();
  return run(deps, actor, command);
}

function run<T extends CommandType>(deps: CommandDeps, actor: Actor, command: CommandOf<T>): Promise<Answer> {
  const handler = HANDLERS[command.type] as Handler<CommandOf<T>>;
  if (handler.inTransaction) return inTransaction(deps.sql, (tx) => handler.run({ tx, now: deps.clock(), actor }, command));
  return handler.run(deps, actor, command);
}
