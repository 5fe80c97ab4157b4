// The clusters of a box too full to draw territory by territory (schema/rules/viewport.ts): a disc
// each, under the markers, with its count written over it. There are never more than a few
// thousand of them, whatever the size of the world.
import { Container, Graphics, Text, TextStyle } from 'pixi.js';
import type { TerritoryCluster } from '../../schema/rules/viewport.ts';
import { markerPosition } from '../../schema/rules/territory.ts';
import { worldToScreen, type Camera, type Viewport } from './camera.ts';
import { OWNERSHIP_COLOURS } from './colourModes.ts';
import { clusterOwnership, clusterRadius, countLabel } from './viewSet.ts';

const countStyle = new TextStyle({
  fill: 0xf8fafc,
  fontFamily: 'system-ui, sans-serif',
  fontSize: 11,
  fontWeight: '700',
  stroke: { color: 0x050b14, width: 3 },
});

export class ClusterLayer {
  /** In world space, under the markers: redrawn only when the zoom or the clusters change. */
  readonly discs = new Graphics({ eventMode: 'none' });
  /** In screen space: the counts stay crisp at every zoom. */
  readonly counts = new Container({ eventMode: 'none', interactiveChildren: false });
  private clusters: readonly TerritoryCluster[] = [];
  private drawnScale = 0;
  private readonly texts: Text[] = [];

  get count(): number {
    return this.clusters.length;
  }

  show(clusters: readonly TerritoryCluster[]): void {
    if (clusters === this.clusters) return;
    this.clusters = clusters;
    this.drawnScale = 0;
  }

  /** Draws the clusters for this camera; answers how many are on the screen. */
  draw(camera: Camera, view: Viewport, scale: number): number {
    if (scale !== this.drawnScale) {
      this.drawnScale = scale;
      this.discs.clear();
      for (const cluster of this.clusters) {
        const at = markerPosition(cluster.latitude, cluster.longitude);
        this.discs
          .circle(at.x, at.y, clusterRadius(cluster.count) / scale)
          .fill({ color: OWNERSHIP_COLOURS[clusterOwnership(cluster)], alpha: 0.55 })
          .stroke({ width: 1.5 / scale, color: 0xf8fafc, alpha: 0.8 });
      }
    }
    let shown = 0;
    for (const cluster of this.clusters) {
      const at = worldToScreen(camera, view, markerPosition(cluster.latitude, cluster.longitude));
      if (at.x < 0 || at.y < 0 || at.x > view.width || at.y > view.height) continue;
      const text = this.texts[shown] ?? this.newText();
      const label = countLabel(cluster.count);
      if (text.text !== label) text.text = label;
      text.position.set(at.x, at.y);
      text.visible = true;
      shown++;
    }
    for (let i = shown; i < this.texts.length; i++) this.texts[i]!.visible = false;
    return shown;
  }

  destroy(): void {
    this.discs.destroy();
    this.counts.destroy({ children: true });
    this.texts.length = 0;
  }

  private newText(): Text {
    const text = new Text({ text: '', style: countStyle, anchor: 0.5, resolution: globalThis.devicePixelRatio || 1 });
    this.texts.push(text);
    this.counts.addChild(text);
    return text;
  }
}
