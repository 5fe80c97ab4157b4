import worldPicture from 'virtual:geography/picture';

/**
 * What index.html paints before any script has run, drawn again while a route's code loads, so the
 * page goes from that first screen to the route without a blank one between: the brand over the
 * world's picture, which is also the map's placeholder (map/WorldMap.tsx). Keep the two alike.
 */
export function FirstScreen() {
  return (
    <div className="first-screen">
      <div className="top-bar">
        <span className="brand">Wanakt World</span>
      </div>
      <img className="world-picture" src={worldPicture} alt="" width={1000} height={600} />
    </div>
  );
}
