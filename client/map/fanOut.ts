// Districts and common areas sit on (or within a stone's throw of) their city's spot: far out the
// city's marker covers them, close in they fan out around it so each can be seen and clicked.

export interface FanPoint {
  id: number;
  x: number;
  y: number;
  /** Higher layers stay put in the middle; lower ones fan out around them. */
  layer: number;
}

/** A unit vector per marker that must move aside; markers with a spot of their own are absent. */
export function fanDirections(points: readonly FanPoint[], crowdRadius: number): Map<number, { dx: number; dy: number }> {
  const ordered = [...points].sort((a, b) => b.layer - a.layer || a.id - b.id);
  const hubs: { hub: FanPoint; members: FanPoint[] }[] = [];
  for (const point of ordered) {
    const near = hubs.find(({ hub }) => Math.hypot(hub.x - point.x, hub.y - point.y) <= crowdRadius);
    if (near) near.members.push(point);
    else hubs.push({ hub: point, members: [] });
  }
  const directions = new Map<number, { dx: number; dy: number }>();
  for (const { members } of hubs) {
    members.forEach((member, index) => {
      // Starting straight up and going clockwise, evenly round the hub.
      const angle = -Math.PI / 2 + (index / members.length) * Math.PI * 2;
      directions.set(member.id, { dx: Math.cos(angle), dy: Math.sin(angle) });
    });
  }
  return directions;
}
