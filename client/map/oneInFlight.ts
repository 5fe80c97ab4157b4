/**
 * One request in flight to a worker and at most one waiting behind it: a newer request replaces the
 * waiting one (latest wins). The geography worker draws every message it is sent, and a picture of a
 * view the camera has already left would only be dropped on arrival.
 */
export class OneInFlight<Request> {
  private busy = false;
  private waiting: Request | null = null;

  private readonly send: (request: Request) => void;

  constructor(send: (request: Request) => void) {
    this.send = send;
  }

  /** Sends `request` now if nothing is in flight, else keeps it (alone) for when the answer comes. */
  submit(request: Request): void {
    if (this.busy) {
      this.waiting = request;
      return;
    }
    this.busy = true;
    this.send(request);
  }

  /** The request in flight has been answered: the waiting one, if any, goes next. */
  answered(): void {
    this.busy = false;
    const next = this.waiting;
    this.waiting = null;
    if (next !== null) this.submit(next);
  }
}
