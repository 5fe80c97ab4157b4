import { SchemaSerializer, type Client } from '@colyseus/core';
import type { Schema } from '@colyseus/schema';

type Timing = Parameters<SchemaSerializer<Schema>['applyPatches']>[2];

/**
 * Colyseus's serializer for per-client views (world-views.ts), with two savings:
 * - a patch with nothing in it for a client is not sent to it. A change to a territory outside a
 *   client's view encodes, for that client, as the patch header alone (one byte and its WebSocket
 *   frame, to say nothing): kept back, a change outside a client's view costs it 0 bytes;
 * - what a client's view took in before its full state was sent is not sent again in the next patch:
 *   the full state already holds everything its view shows.
 */
export class QuietPatches<T extends Schema> extends SchemaSerializer<T> {
  private readonly quiet = new WeakMap<Client, Client>();

  override getFullState(client?: Client, timing?: Timing): ReturnType<SchemaSerializer<T>['getFullState']> {
    const full = super.getFullState(client, timing);
    client?.view?.changes.clear();
    return full;
  }

  override applyPatches(clients: Client[], state?: unknown, timing?: Timing): boolean {
    return super.applyPatches(
      clients.map((client) => this.quietOf(client)),
      state,
      timing,
    );
  }

  /** The client, whose empty patches go nowhere; every other read goes to the client itself. */
  private quietOf(client: Client): Client {
    let quiet = this.quiet.get(client);
    if (!quiet) {
      quiet = Object.create(client, {
        raw: {
          value: (data: Uint8Array, ...rest: unknown[]) => data.length > 1 && (client.raw as (...args: unknown[]) => void)(data, ...rest),
        },
      }) as Client;
      this.quiet.set(client, quiet);
    }
    return quiet;
  }
}
