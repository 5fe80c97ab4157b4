import type { Command, CommandOf, CommandType } from '../../schema/commands/index.ts';
import type { ActingUser, Actor } from '../../schema/commands/policy.ts';
import { unauthenticated } from '../errors.ts';
import type { PaymentProvider } from '../domain/payments/provider.ts';
import type { PushServer } from '../domain/push/push-settings.ts';
import type { ServiceDeps, Work } from '../domain/service-deps.ts';

/** What the pipeline runs with: the services' needs, the payment provider where there is one, and what the server says of push. */
export interface CommandDeps extends ServiceDeps {
  payments?: PaymentProvider;
  push?: PushServer;
}

export type AnswerStatus = 200 | 201 | 204;

/** What a command answers: the status and the JSON body (none for 204) docs/rules.md §7 gives the call. */
export interface Answer {
  status: AnswerStatus;
  body?: unknown;
  /** The outcome stored under the request's Idempotency-Key, answered again (idempotency.ts). */
  replayed?: boolean;
}

/**
 * Most commands run inside the one transaction the pipeline opens: everything they write, and the
 * events they emit, commit together.
 */
export interface InTransaction<C extends Command> {
  inTransaction: true;
  run(work: Work & { actor: Actor }, command: C, deps: CommandDeps): Promise<Answer>;
}

/**
 * A command that talks to the payment provider cannot hold a transaction open across that call,
 * the rent cycle commits 100,000 territories in batches, and callers of the economy's audit share
 * the one run under way: these run their own short transactions, each of which writes its events
 * with its rows.
 */
export interface OwnTransactions<C extends Command> {
  inTransaction: false;
  run(deps: CommandDeps, actor: Actor, command: C): Promise<Answer>;
}

export type Handler<C extends Command> = InTransaction<C> | OwnTransactions<C>;
export type Handlers = { [T in CommandType]: Handler<CommandOf<T>> };

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const created = (body: unknown): Answer => ({ status: 201, body });

export function providerOf(deps: CommandDeps): PaymentProvider {
  if (!deps.payments) throw new Error('This command needs the payment provider, which its caller did not pass');
  return deps.payments;
}

/** The acting user of a command the policy only lets logged-in players send. */
export function userOf(actor: Actor): ActingUser {
  if (!actor.user) throw unauthenticated();
  return actor.user;
}
