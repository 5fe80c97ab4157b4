// The map's pointer, wheel and keyboard input, turned into camera moves and marker actions. It knows
// nothing of Pixi: the controller answers its questions (which marker is here?) and does the work.
import { wheelZoomFactor, type Point } from './camera.ts';

// Pointer travel, in screen pixels, past which a press counts as a drag and no longer as a click.
const DRAG_THRESHOLD_PX = 4;
const KEY_PAN_PX = 80;
const KEY_ZOOM = 1.5;

export interface MapInputTarget {
  markerAt: (point: Point) => number | null;
  canDragPins: () => boolean;
  pan: (dx: number, dy: number) => void;
  zoomAt: (anchor: Point, factor: number) => void;
  pinch: (before: [Point, Point], after: [Point, Point]) => void;
  /** Zoom keys and buttons zoom about the middle of the map, smoothly. */
  zoomBy: (factor: number) => void;
  reset: () => void;
  select: (id: number | null) => void;
  hover: (id: number | null) => void;
  pinStart: (id: number) => void;
  pinMove: (point: Point) => void;
  pinEnd: (id: number, save: boolean) => void;
  setDragging: (dragging: boolean) => void;
}

type Gesture =
  | { kind: 'idle' }
  | { kind: 'press'; pointerId: number; start: Point; last: Point; hit: number | null; dragged: boolean }
  | { kind: 'pin'; pointerId: number; id: number }
  | { kind: 'pinch' };

export class MapInput {
  private gesture: Gesture = { kind: 'idle' };
  private readonly pointers = new Map<number, Point>();
  private readonly listeners: [HTMLElement, string, (event: never) => void][] = [];

  private readonly canvas: HTMLCanvasElement;
  private readonly host: HTMLElement;
  private readonly target: MapInputTarget;

  constructor(canvas: HTMLCanvasElement, host: HTMLElement, target: MapInputTarget) {
    this.canvas = canvas;
    this.host = host;
    this.target = target;
    this.listen(canvas, 'wheel', this.onWheel);
    this.listen(canvas, 'pointerdown', this.onPointerDown);
    this.listen(canvas, 'pointermove', this.onPointerMove);
    this.listen(canvas, 'pointerup', this.onPointerEnd);
    this.listen(canvas, 'pointercancel', this.onPointerEnd);
    this.listen(canvas, 'pointerleave', this.onPointerLeave);
    this.listen(canvas, 'dblclick', this.onDoubleClick);
    this.listen(host, 'keydown', this.onKey);
  }

  /** The marker being dragged, which keeps the pointer's position whatever the store says meanwhile. */
  get heldId(): number | null {
    return this.gesture.kind === 'pin' ? this.gesture.id : null;
  }

  /** Ends a pin drag without saving (pin edit switched off mid-drag). */
  cancelPin(): void {
    if (this.gesture.kind === 'pin') this.endPin(this.gesture.id, false);
  }

  destroy(): void {
    for (const [element, type, handler] of this.listeners) element.removeEventListener(type, handler as EventListener);
    this.listeners.length = 0;
  }

  private listen<E extends Event>(element: HTMLElement, type: string, handler: (event: E) => void): void {
    const bound = handler.bind(this) as (event: never) => void;
    element.addEventListener(type, bound as EventListener, type === 'wheel' ? { passive: false } : undefined);
    this.listeners.push([element, type, bound]);
  }

  private pointOf(event: MouseEvent): Point {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    this.target.zoomAt(this.pointOf(event), wheelZoomFactor(event.deltaY, event.deltaMode));
  }

  private onDoubleClick(event: MouseEvent): void {
    this.target.zoomAt(this.pointOf(event), 2);
  }

  private onKey(event: KeyboardEvent): void {
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    };
    const pan = pans[event.key];
    if (pan) this.target.pan(pan[0], pan[1]);
    else if (event.key === '+' || event.key === '=') this.target.zoomBy(KEY_ZOOM);
    else if (event.key === '-' || event.key === '_') this.target.zoomBy(1 / KEY_ZOOM);
    else if (event.key === '0') this.target.reset();
    else return;
    event.preventDefault();
  }

  private twoPointers(): [Point, Point] {
    const [a, b] = [...this.pointers.values()];
    return [a, b];
  }

  private onPointerDown(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    this.host.focus({ preventScroll: true });
    const point = this.pointOf(event);
    this.pointers.set(event.pointerId, point);
    this.canvas.setPointerCapture(event.pointerId);
    if (this.pointers.size === 2 && this.gesture.kind !== 'pin') {
      this.gesture = { kind: 'pinch' };
      return;
    }
    if (this.pointers.size !== 1) return;
    const hit = this.target.markerAt(point);
    if (hit !== null && this.target.canDragPins()) {
      this.gesture = { kind: 'pin', pointerId: event.pointerId, id: hit };
      this.target.setDragging(true);
      this.target.pinStart(hit);
      return;
    }
    this.gesture = { kind: 'press', pointerId: event.pointerId, start: point, last: point, hit, dragged: false };
  }

  private onPointerMove(event: PointerEvent): void {
    const point = this.pointOf(event);
    const gesture = this.gesture;
    if (!this.pointers.has(event.pointerId)) {
      if (event.pointerType === 'mouse') {
        const hit = this.target.markerAt(point);
        this.host.dataset.hover = hit === null ? '' : this.target.canDragPins() ? 'pin' : 'marker';
        this.target.hover(hit);
      }
      return;
    }
    if (gesture.kind === 'pinch' && this.pointers.size === 2) {
      const before = this.twoPointers();
      this.pointers.set(event.pointerId, point);
      this.target.pinch(before, this.twoPointers());
      return;
    }
    this.pointers.set(event.pointerId, point);
    if (gesture.kind === 'pin' && event.pointerId === gesture.pointerId) {
      this.target.pinMove(point);
      return;
    }
    if (gesture.kind !== 'press' || event.pointerId !== gesture.pointerId) return;
    if (!gesture.dragged && Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) < DRAG_THRESHOLD_PX) return;
    if (!gesture.dragged) {
      this.target.setDragging(true);
      this.target.hover(null);
    }
    gesture.dragged = true;
    this.target.pan(point.x - gesture.last.x, point.y - gesture.last.y);
    gesture.last = point;
  }

  private onPointerLeave(event: PointerEvent): void {
    if (event.pointerType === 'mouse' && !this.pointers.has(event.pointerId)) this.target.hover(null);
  }

  private endPin(id: number, save: boolean): void {
    this.gesture = { kind: 'idle' };
    this.target.setDragging(false);
    this.target.pinEnd(id, save);
  }

  private onPointerEnd(event: PointerEvent): void {
    if (!this.pointers.delete(event.pointerId)) return;
    const gesture = this.gesture;
    if (gesture.kind === 'pin') {
      if (event.pointerId === gesture.pointerId) this.endPin(gesture.id, event.type === 'pointerup');
      return;
    }
    if (gesture.kind === 'pinch') {
      // The finger left on the glass keeps panning, but lifting it selects nothing.
      const [remaining] = [...this.pointers.entries()];
      this.gesture = remaining
        ? { kind: 'press', pointerId: remaining[0], start: remaining[1], last: remaining[1], hit: null, dragged: true }
        : { kind: 'idle' };
      return;
    }
    if (gesture.kind === 'press' && event.pointerId === gesture.pointerId) {
      if (!gesture.dragged && event.type === 'pointerup') this.target.select(gesture.hit);
      this.gesture = { kind: 'idle' };
      this.target.setDragging(false);
    }
  }
}
