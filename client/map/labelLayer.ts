// Names and badges (a price, an auction's time left, offers), drawn in screen space over the world: they are never scaled, so they are
// as crisp at the deepest zoom as at the widest, and each text is rasterised once and reused.
import { Container, Graphics, Text, TextStyle } from 'pixi.js';
import { LABEL_FONT_SIZE, byImportance, placeLabels, type LabelCandidate } from './labels.ts';
import type { Badge, LabelSource } from './mapModel.ts';

export type { LabelSource } from './mapModel.ts';

// At most this many names and badges at once: beyond it the map is no easier to read.
const MAX_LABELS = 160;
// Clear of the largest marker's dot.
const GAP_PX = 9;
const BADGE_HEIGHT = 15;

const styles = new Map<number, TextStyle>();
function nameStyle(size: number): TextStyle {
  let style = styles.get(size);
  if (!style) {
    style = new TextStyle({
      fill: 0xf8fafc,
      fontFamily: 'system-ui, sans-serif',
      fontSize: size,
      fontWeight: '600',
      stroke: { color: 0x050b14, width: 3 },
    });
    styles.set(size, style);
  }
  return style;
}
// A pill and its ink for each kind of badge: green as the for-sale markers, amber for an auction, violet for offers.
const BADGE_COLOURS: Record<Badge['kind'], { pill: number; ink: number }> = {
  price: { pill: 0x4ade80, ink: 0x052e16 },
  auction: { pill: 0xfacc15, ink: 0x422006 },
  offers: { pill: 0xc4b5fd, ink: 0x2e1065 },
};
const badgeStyles = Object.fromEntries(
  Object.entries(BADGE_COLOURS).map(([kind, { ink }]) => [
    kind,
    new TextStyle({ fill: ink, fontFamily: 'system-ui, sans-serif', fontSize: 10, fontWeight: '700' }),
  ]),
) as Record<Badge['kind'], TextStyle>;

/** An estimate of a name's width, so placement needs no canvas to measure with. */
export function nameWidth(name: string, size: number): number {
  return Math.ceil(name.length * size * 0.56) + 6;
}

export class LabelLayer {
  readonly container = new Container({ eventMode: 'none', interactiveChildren: false });
  private readonly names = new Map<number, Text>();
  private readonly badges = new Map<number, { group: Container; badge: Badge }>();

  /** Places the labels of `sources` (in any order) for a view of `view` at `scale` pixels per world unit. */
  update(sources: readonly LabelSource[], view: { width: number; height: number }, scale: number): void {
    const candidates: (LabelCandidate & { source: LabelSource })[] = [];
    for (const source of sources) {
      const size = LABEL_FONT_SIZE[source.type];
      const base = { id: source.id, type: source.type, x: source.x, y: source.y, source };
      candidates.push({ ...base, kind: 'name', width: nameWidth(source.name, size), height: size + 4 });
      if (source.badge !== null)
        candidates.push({ ...base, kind: 'badge', width: nameWidth(source.badge.text, 10) + 4, height: BADGE_HEIGHT });
    }
    candidates.sort((a, b) => byImportance(a, b) || (a.kind === b.kind ? 0 : a.kind === 'name' ? -1 : 1));
    const placed = placeLabels(candidates, view, { scale, gap: GAP_PX, max: MAX_LABELS });
    const shownNames = new Set<number>();
    const shownBadges = new Set<number>();
    for (const [candidate, box] of placed) {
      const { source } = candidate as LabelCandidate & { source: LabelSource };
      if (candidate.kind === 'name') {
        const text = this.nameOf(source);
        text.position.set((box.left + box.right) / 2, box.bottom);
        shownNames.add(source.id);
      } else {
        const badge = this.badgeOf(source.id, source.badge!);
        badge.position.set((box.left + box.right) / 2, box.top);
        shownBadges.add(source.id);
      }
    }
    for (const [id, text] of this.names) text.visible = shownNames.has(id);
    for (const [id, badge] of this.badges) badge.group.visible = shownBadges.has(id);
  }

  /** How many names and badges are on the screen. */
  get shown(): { names: number; badges: number } {
    let names = 0;
    let badges = 0;
    for (const text of this.names.values()) if (text.visible) names++;
    for (const badge of this.badges.values()) if (badge.group.visible) badges++;
    return { names, badges };
  }

  /** The badges on the screen, as `kind:id` words (`auction:12 price:40`). */
  shownBadges(): string {
    return [...this.badges]
      .filter(([, { group }]) => group.visible)
      .map(([id, { badge }]) => `${badge.kind}:${id}`)
      .join(' ');
  }

  destroy(): void {
    this.container.destroy({ children: true });
    this.names.clear();
    this.badges.clear();
  }

  private nameOf(source: LabelSource): Text {
    let text = this.names.get(source.id);
    if (!text) {
      text = new Text({
        text: source.name,
        style: nameStyle(LABEL_FONT_SIZE[source.type]),
        anchor: { x: 0.5, y: 1 },
        resolution: globalThis.devicePixelRatio || 1,
      });
      this.names.set(source.id, text);
      this.container.addChild(text);
    } else if (text.text !== source.name) text.text = source.name;
    return text;
  }

  private badgeOf(id: number, badge: Badge): Container {
    const existing = this.badges.get(id);
    if (existing && existing.badge.kind === badge.kind && existing.badge.text === badge.text) return existing.group;
    existing?.group.destroy({ children: true });
    const group = new Container();
    const text = new Text({
      text: badge.text,
      style: badgeStyles[badge.kind],
      anchor: { x: 0.5, y: 0 },
      resolution: globalThis.devicePixelRatio || 1,
    });
    text.y = 1;
    const width = text.width + 10;
    const pill = new Graphics()
      .roundRect(-width / 2, 0, width, BADGE_HEIGHT, BADGE_HEIGHT / 2)
      .fill(BADGE_COLOURS[badge.kind].pill)
      .stroke({ color: BADGE_COLOURS[badge.kind].ink, width: 1 });
    group.addChild(pill, text);
    this.badges.set(id, { group, badge });
    this.container.addChild(group);
    return group;
  }
}
