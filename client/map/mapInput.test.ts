// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Point } from './camera.ts';
import { MapInput, type MapInputTarget } from './mapInput.ts';

// The map's input against a recording target: what each gesture asks the map to do.
describe('[controller] map input', () => {
  let host: HTMLDivElement;
  let canvas: HTMLCanvasElement;
  let input: MapInput;
  let calls: string[];
  let markers: Map<string, number>;
  let pinEdit: boolean;

  const at = (point: Point) => `${point.x},${point.y}`;
  const target: MapInputTarget = {
    markerAt: (point) => markers.get(at(point)) ?? null,
    canDragPins: () => pinEdit,
    pan: (dx, dy) => calls.push(`pan ${dx} ${dy}`),
    zoomAt: (anchor, factor) => calls.push(`zoomAt ${at(anchor)} ${factor.toFixed(3)}`),
    pinch: () => calls.push('pinch'),
    zoomBy: (factor) => calls.push(`zoomBy ${factor.toFixed(3)}`),
    reset: () => calls.push('reset'),
    select: (id) => calls.push(`select ${id}`),
    hover: (id) => calls.push(`hover ${id}`),
    pinStart: (id) => calls.push(`pinStart ${id}`),
    pinMove: (point) => calls.push(`pinMove ${at(point)}`),
    pinEnd: (id, save) => calls.push(`pinEnd ${id} ${save}`),
    setDragging: (dragging) => calls.push(`dragging ${dragging}`),
  };

  function pointer(type: string, x: number, y: number, pointerId = 1, pointerType = 'mouse'): void {
    canvas.dispatchEvent(new PointerEvent(type, { clientX: x, clientY: y, pointerId, pointerType, button: 0, bubbles: true }));
  }

  beforeEach(() => {
    host = document.createElement('div');
    canvas = document.createElement('canvas');
    canvas.setPointerCapture = () => {};
    host.appendChild(canvas);
    document.body.appendChild(host);
    calls = [];
    markers = new Map([['100,100', 7]]);
    pinEdit = false;
    input = new MapInput(canvas, host, target);
  });
  afterEach(() => {
    input.destroy();
    host.remove();
  });

  it('when a marker is pressed and released without moving, then it is selected', () => {
    pointer('pointerdown', 100, 100);
    pointer('pointerup', 100, 100);
    expect(calls).toEqual(['select 7', 'dragging false']);
  });

  it('when the press moves past the threshold, then the map pans by the pointer travel and nothing is selected', () => {
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 102, 101);
    pointer('pointermove', 130, 90);
    pointer('pointerup', 130, 90);
    expect(calls).toEqual(['dragging true', 'hover null', 'pan 30 -10', 'dragging false']);
  });

  it('when pin edit is on, then a marker is dragged and dropped instead of the map panning', () => {
    pinEdit = true;
    pointer('pointerdown', 100, 100);
    pointer('pointermove', 140, 120);
    pointer('pointerup', 140, 120);
    expect(calls).toEqual(['dragging true', 'pinStart 7', 'pinMove 140,120', 'dragging false', 'pinEnd 7 true']);
  });

  it('when pin edit is switched off mid-drag, then the drag ends without saving', () => {
    pinEdit = true;
    pointer('pointerdown', 100, 100);
    input.cancelPin();
    expect(calls.at(-1)).toBe('pinEnd 7 false');
    expect(input.heldId).toBeNull();
  });

  it('when the mouse moves without a button, then the marker under it is hovered', () => {
    pointer('pointermove', 100, 100);
    pointer('pointermove', 300, 300);
    expect(calls).toEqual(['hover 7', 'hover null']);
    expect(host.dataset.hover).toBe('');
  });

  it('when the wheel turns or the map is double-clicked, then it zooms about the pointer', () => {
    // The test DOM's WheelEvent drops the pointer position, so a mouse event carries the wheel's fields.
    canvas.dispatchEvent(
      Object.assign(new MouseEvent('wheel', { clientX: 50, clientY: 60, cancelable: true }), { deltaY: -100, deltaMode: 0 }),
    );
    canvas.dispatchEvent(new MouseEvent('dblclick', { clientX: 70, clientY: 80 }));
    expect(calls).toEqual(['zoomAt 50,60 1.221', 'zoomAt 70,80 2.000']);
  });

  it('when keys are pressed, then arrows pan, + and − zoom, 0 resets, and other keys are left alone', () => {
    for (const key of ['ArrowLeft', 'ArrowDown', '+', '-', '0', 'a'])
      host.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    expect(calls).toEqual(['pan 80 0', 'pan 0 -80', 'zoomBy 1.500', 'zoomBy 0.667', 'reset']);
  });

  it('when two fingers touch, then they pinch, and lifting one selects nothing', () => {
    pointer('pointerdown', 10, 10, 1, 'touch');
    pointer('pointerdown', 50, 10, 2, 'touch');
    pointer('pointermove', 60, 10, 2, 'touch');
    pointer('pointerup', 60, 10, 2, 'touch');
    pointer('pointerup', 10, 10, 1, 'touch');
    expect(calls).toEqual(['pinch', 'dragging false']);
  });
});
