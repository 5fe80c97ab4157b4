// Which PixiJS renderer draws the map. Where WebGL runs in software (no GPU, or a blocked one:
// headless Chromium with --disable-gpu, as Lighthouse and the browser tests run it), its context,
// shader compiles and the read-back of every frame held the main thread for hundreds of
// milliseconds at a time; PixiJS's Canvas 2D renderer draws the same stage with none of
// that. A small probe context names the device that would draw WebGL (about 13 ms in software).

// Software rasterisers behind WebGL: Chromium's SwiftShader, Mesa's llvmpipe/softpipe, Windows' WARP.
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

/** Whether a renderer string names a software rasteriser. */
export function isSoftwareRenderer(renderer: string): boolean {
  return SOFTWARE.test(renderer);
}

/** 'webgl' where a GPU draws WebGL, 'canvas' where WebGL would run in software or not at all. */
export function rendererPreference(): 'webgl' | 'canvas' {
  const probe = document.createElement('canvas');
  const gl = probe.getContext('webgl2') ?? probe.getContext('webgl');
  if (!gl) return 'canvas';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  // Browsers cap live contexts: the probe's is given back at once, not left to the collector.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return isSoftwareRenderer(renderer) ? 'canvas' : 'webgl';
}
