// The game runs and is tested on Node 24 (docs/design.md "Runtime"). `npm ci` brings that Node
// (node_modules/.bin/node, from the registry's platform builds) and npm's scripts put it first on
// PATH, so a machine with an older Node of its own runs the game on 24 all the same.
export const SUPPORTED_MAJOR = 24;

/** Stops, saying why, when this script runs on another Node (started without npm, or on a platform with no build). */
export function requireRuntime() {
  if (Number(process.versions.node.split('.')[0]) === SUPPORTED_MAJOR) return;
  console.error(
    `Wanakt World runs on Node ${SUPPORTED_MAJOR}, and this is Node ${process.version} (${process.execPath}). ` +
      `Run it through npm (npm start, npm test), which uses the Node ${SUPPORTED_MAJOR} that npm ci installs ` +
      `in node_modules/.bin, or install Node ${SUPPORTED_MAJOR} on this machine.`,
  );
  process.exit(1);
}
