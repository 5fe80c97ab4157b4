// Frame timings for bench/map.bench.ts, switched on by the `synthetic` or `frames` query flag.
import type { Renderer } from 'pixi.js';

export interface FrameStats {
  /** Milliseconds each frame took from the start of its work until the GPU had drawn it. */
  work: number[];
  /** Milliseconds between the starts of consecutive frames. */
  interval: number[];
}

declare global {
  interface Window {
    __mapFrames?: FrameStats;
  }
}

export function wantsFrameStats(search: string): boolean {
  const query = new URLSearchParams(search);
  return query.has('frames') || query.has('synthetic') || query.has('stage');
}

/** `?stage=empty`: the map's canvas with nothing on it, the floor bench/map.bench.ts measures against. */
export function wantsEmptyStage(search: string): boolean {
  return new URLSearchParams(search).get('stage') === 'empty';
}

/**
 * Wraps one frame's work. The GPU works asynchronously, so the measurement waits for it to finish
 * (gl.finish): a frame that is cheap to submit but slow to draw still counts as slow.
 */
export function frameRecorder(renderer: Renderer): (work: () => void) => void {
  const stats: FrameStats = { work: [], interval: [] };
  window.__mapFrames = stats;
  const gl = 'gl' in renderer ? (renderer.gl as WebGLRenderingContext) : null;
  let previousStart = 0;
  return (work) => {
    const start = performance.now();
    if (previousStart > 0) stats.interval.push(start - previousStart);
    previousStart = start;
    work();
    gl?.finish();
    stats.work.push(performance.now() - start);
  };
}
