import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Room, SchemaSerializer } from '@colyseus/core';
import { Encoder } from '@colyseus/schema';
import { describe, expect, it } from 'vitest';

// quiet-patches.ts subclasses Colyseus's SchemaSerializer, which no public option reaches
// (docs/design.md "Colyseus beyond its public surface"), so Colyseus is pinned to exact versions and
// this file names the code of theirs that the override relies on. A release that changes any of it
// fails here: read the new code, check quiet-patches.ts against it (and the 0-byte and first-patch
// tests in world-views-room.test.ts), then record the new fingerprint.
const ROOT = new URL('../../../', import.meta.url).pathname;
const fingerprint = (code: string) => createHash('sha256').update(code).digest('hex').slice(0, 16);
const serializerModule = readFileSync(new URL('./serializer/SchemaSerializer.mjs', import.meta.resolve('@colyseus/core')), 'utf8');

const RELIED_ON = {
  /** Sends each joined client its view's patch, through sendClientFrame, one client at a time. */
  'SchemaSerializer#applyPatches': [SchemaSerializer.prototype.applyPatches, '79432a9780613c2a'],
  /** Encodes a client's whole view for its first state, leaving view.changes as they were. */
  'SchemaSerializer#getFullState': [SchemaSerializer.prototype.getFullState, '0b34105aa8a54684'],
  /** Hands a patch to the client's `raw`, and to nothing else: the quiet client replaces `raw`. */
  sendClientFrame: [serializerModule.match(/^function sendClientFrame\([\s\S]*?^}$/m)?.[0] ?? '', '46171141e7ca5f4a'],
  /** Assigning the state calls setSerializer, which WorldRoom overrides to put QuietPatches in. */
  'Room#__init': [(Room.prototype as unknown as { __init: () => void }).__init, '52ea63a033f6b69f'],
  /** Drains view.changes into the view's next patch, so clearing them after a full state sends them once. */
  'Encoder#encodeView': [Encoder.prototype.encodeView, '094c4f2851978403'],
  'Encoder#encodeAllView': [Encoder.prototype.encodeAllView, '2cca588d0dc88155'],
} as const;

describe('Colyseus beyond its public surface', () => {
  it('is pinned to the exact versions installed', () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as Record<string, Record<string, string> | undefined>;
    const pinned = { ...pkg.dependencies, ...pkg.devDependencies };
    const colyseus = Object.entries(pinned).filter(([name]) => name.startsWith('@colyseus/'));
    expect(colyseus.map(([name]) => name)).toContain('@colyseus/core');
    for (const [name, range] of colyseus) {
      expect(range, name).toMatch(/^\d+\.\d+\.\d+$/);
      const installed = JSON.parse(readFileSync(`${ROOT}node_modules/${name}/package.json`, 'utf8')) as { version: string };
      expect(installed.version, name).toBe(range);
    }
  });

  it('still has the code the quiet serializer relies on, unchanged', () => {
    const found = Object.fromEntries(
      Object.entries(RELIED_ON).map(([name, [code]]) => [name, fingerprint(typeof code === 'function' ? code.toString() : code)]),
    );
    const recorded = Object.fromEntries(Object.entries(RELIED_ON).map(([name, [, hash]]) => [name, hash]));
    expect(found).toEqual(recorded);
  });

  it('sizes the encoder through its documented static, which the serializer reads as it is made', () => {
    expect(typeof Encoder.BUFFER_SIZE).toBe('number');
    const before = Encoder.BUFFER_SIZE;
    try {
      Encoder.BUFFER_SIZE = before * 4;
      expect((new SchemaSerializer() as unknown as { fullEncodeBuffer: Uint8Array }).fullEncodeBuffer.byteLength).toBe(before * 4);
    } finally {
      Encoder.BUFFER_SIZE = before;
    }
  });
});
