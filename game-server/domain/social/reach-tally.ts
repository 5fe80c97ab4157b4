// docs/rules.md §4 "Broadcast flow": a broadcast's reach is the clients connected when it arrived.
// The rooms of a process add here whom they delivered it to; the broadcast-reach job alone writes
// the sums (one place writes the counts, not every room).

/** What this process's rooms delivered since the job last took it, summed by broadcast. */
export class ReachTally {
  private pending = new Map<number, number>();

  add(broadcastId: number, clients: number): void {
    if (clients > 0) this.pending.set(broadcastId, (this.pending.get(broadcastId) ?? 0) + clients);
  }

  /** Hands over everything added so far and starts afresh. */
  take(): Array<[broadcastId: number, clients: number]> {
    const taken = [...this.pending.entries()];
    this.pending = new Map();
    return taken;
  }

  /** Puts back what could not be written, to be written with the next run. */
  putBack(reach: ReadonlyArray<[number, number]>): void {
    for (const [broadcastId, clients] of reach) this.add(broadcastId, clients);
  }
}
