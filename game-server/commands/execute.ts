import { Command, type CommandInput, type CommandOf, type CommandType } from '../../schema/commands/index.ts';
import { gate, POLICY, refuseImpersonation, type Actor, type Refusal } from '../../schema/commands/policy.ts';
import { badInput, GameError } from '../errors.ts';
import type { Answer, CommandDeps, Handler } from './handler.ts';
import { HANDLERS } from './handlers/index.ts';
import { claimOf, runOnce, runOwnOnce, type Claim, type CommandKey } from './idempotency.ts';

const refused = (refusal: Refusal) => new GameError(refusal.status, refusal.message);

/** What comes with a command besides its payload. */
export interface CommandRequest {
  /** A limit counted once the command is known to be allowed and well-formed (see execute). */
  admit?: () => Promise<void>;
  /** Who sent it and the Idempotency-Key it came with; without one, the actor is the caller. */
  key?: CommandKey;
}

/**
 * The one path of every write (docs/design.md "Write path"): the policy table says whether the
 * actor may send this command at all (before its payload is read, so a missing login is 401
 * whatever the body says), the payload is read with the command's validator (400 on the first
 * problem), a payload naming another acting user is refused (403), and the command's handler runs
 * in one transaction that commits its rows, ledger lines, outbox events and its outcome under its
 * key together (idempotency.ts: a retry with the key is answered that outcome and runs nothing).
 *
 * `admit` runs once the command is known to be allowed and well-formed, just before it runs: a
 * rate limit placed there counts only requests that could succeed (an anonymous or malformed
 * request is answered 401 or 400, not 429, and spends nothing).
 */
export async function execute(deps: CommandDeps, actor: Actor, input: CommandInput, request: CommandRequest = {}): Promise<Answer> {
  if (!Object.hasOwn(POLICY, input.type)) throw badInput('Unknown command');
  const closed = gate(input.type, actor);
  if (closed) throw refused(closed);
  const parsed = Command.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? 'Invalid request body');
  const command = parsed.data;
  const impersonation = refuseImpersonation(command.type, actor, 'body' in command ? command.body : undefined);
  if (impersonation) throw refused(impersonation);
  await request.admit?.();
  return run(deps, actor, command, claimOf(command, request.key ?? { caller: callerOf(actor) }));
}

/** The caller a command without a transport's own is keyed under: its account. */
const callerOf = (actor: Actor): string => (actor.user ? `user:${actor.user.id}` : 'anonymous');

function run<T extends CommandType>(deps: CommandDeps, actor: Actor, command: CommandOf<T>, claim: Claim): Promise<Answer> {
  const handler = HANDLERS[command.type] as Handler<CommandOf<T>>;
  if (handler.inTransaction) return runOnce(deps, claim, (tx, now) => handler.run({ tx, now, actor }, command, deps));
  // Its transactions are its own: only a key the client can send again is held around them.
  if (!claim.own) return handler.run(deps, actor, command);
  return runOwnOnce(deps, claim, () => handler.run(deps, actor, command));
}
