// Short animations that show the world changing: a ring pulsing out of a marker that changed hands
// or was listed, and a ring closing in on a settlement that was just founded.
import { Graphics } from 'pixi.js';
import type { Point } from './camera.ts';

export type EffectKind = 'newOwner' | 'listed' | 'appeared';

const DURATION_MS: Record<EffectKind, number> = { newOwner: 2400, listed: 1600, appeared: 1200 };
const COLOUR: Record<EffectKind, number> = { newOwner: 0xfde047, listed: 0x4ade80, appeared: 0xffffff };
// A change of owner pulses three times, so it is seen even by someone looking elsewhere at first.
const PULSES: Record<EffectKind, number> = { newOwner: 3, listed: 2, appeared: 1 };
const RING_PX = 26;

interface Effect {
  id: number;
  kind: EffectKind;
  start: number;
}

/** How far through its animation an effect is: 0 at its start, 1 when done. */
export function effectProgress(kind: EffectKind, start: number, now: number): number {
  return Math.min(1, Math.max(0, (now - start) / DURATION_MS[kind]));
}

export class EffectsLayer {
  readonly graphics = new Graphics({ eventMode: 'none' });
  private effects: Effect[] = [];

  add(id: number, kind: EffectKind, now: number): void {
    this.effects = this.effects.filter((effect) => effect.id !== id || effect.kind !== kind);
    this.effects.push({ id, kind, start: now });
  }

  get active(): boolean {
    return this.effects.length > 0;
  }

  /** The ids being animated, and how: for tests and the status line. */
  running(kind: EffectKind): number[] {
    return this.effects.filter((effect) => effect.kind === kind).map((effect) => effect.id);
  }

  /**
   * Draws the frame at `now`; `place` answers where a marker is on the screen (undefined when it is
   * gone) and `fade` sets a founded marker's opacity as it appears.
   */
  draw(now: number, place: (id: number) => Point | undefined, fade: (id: number, alpha: number) => void): void {
    const g = this.graphics;
    g.clear();
    this.effects = this.effects.filter((effect) => {
      const progress = effectProgress(effect.kind, effect.start, now);
      const at = place(effect.id);
      if (effect.kind === 'appeared') fade(effect.id, progress);
      if (progress >= 1 || !at) return false;
      const phase = (progress * PULSES[effect.kind]) % 1;
      const radius = effect.kind === 'appeared' ? RING_PX * (1 - phase) + 4 : 6 + RING_PX * phase;
      g.circle(at.x, at.y, radius).stroke({ width: 3, color: COLOUR[effect.kind], alpha: 1 - phase * 0.8 });
      return true;
    });
  }

  destroy(): void {
    this.graphics.destroy();
    this.effects = [];
  }
}
