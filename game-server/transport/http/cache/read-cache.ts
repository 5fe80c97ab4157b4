import type { DomainEvent, EventBus } from '../../../infra/events/domain-events.ts';
import { compressBody, type CompressedBody } from './compressed-body.ts';

interface Entry<T> {
  data: T;
  body: CompressedBody;
}

/** How many slim shapes of one list are kept at once; others are built per request. */
const MAX_VARIANTS = 32;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A read answered from memory: loaded once, serialised and compressed once, and dropped when an
 * event says its rows changed. Every process hears every committed event (its outbox relay reads
 * them all), so no process keeps answering a world another one has changed.
 */
export class ReadCache<T> {
  private current: Promise<Entry<T>> | null = null;
  private variants = new Map<string, Promise<CompressedBody>>();

  private readonly load: () => Promise<T>;
  /** What the answer serialises, when the cache keeps more than it sends. */
  private readonly answer: (data: T) => unknown;

  constructor(
    events: EventBus,
    changedBy: (event: DomainEvent) => boolean,
    load: () => Promise<T>,
    answer: (data: T) => unknown = (data) => data,
  ) {
    this.load = load;
    this.answer = answer;
    events.subscribe((event) => {
      if (event.type === 'world.resync' || changedBy(event)) this.invalidate();
    });
  }

  invalidate(): void {
    // A load still under way may have read the old rows: it answers the readers that are waiting
    // for it, but it is not kept.
    this.current = null;
    this.variants.clear();
  }

  read(): Promise<Entry<T>> {
    if (this.current) return this.current;
    const pending = this.load().then(async (data) => ({ data, body: await compressBody(JSON.stringify(this.answer(data)), JSON_TYPE) }));
    this.current = pending;
    pending.catch(() => {
      if (this.current === pending) this.current = null;
    });
    return pending;
  }

  /**
   * Another shape of the same rows (fewer fields), kept until the rows change; null once
   * MAX_VARIANTS shapes are kept, when the caller answers it uncached: compressing every encoding
   * and hashing the body is worth it only for an answer that is sent again.
   */
  variant(key: string, derive: (data: T) => unknown): Promise<CompressedBody> | null {
    const kept = this.variants.get(key);
    if (kept) return kept;
    if (this.variants.size >= MAX_VARIANTS) return null;
    const pending = this.read().then(({ data }) => compressBody(JSON.stringify(derive(data)), JSON_TYPE));
    this.variants.set(key, pending);
    pending.catch(() => {
      if (this.variants.get(key) === pending) this.variants.delete(key);
    });
    return pending;
  }
}
