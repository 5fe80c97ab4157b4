import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from './rendererPreference.ts';

describe('[first screen] the map draws with WebGL only on a GPU', () => {
  it('when WebGL runs in a software rasteriser, then it is recognised', () => {
    for (const renderer of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)',
    ]) {
      expect(isSoftwareRenderer(renderer)).toBe(true);
    }
  });

  it('when a GPU draws WebGL, then it is not taken for software', () => {
    for (const renderer of [
      'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
      'Adreno (TM) 730',
      'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'Mali-G78',
    ]) {
      expect(isSoftwareRenderer(renderer)).toBe(false);
    }
  });
});
