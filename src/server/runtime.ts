// The one Node.js major the product runs on (docs/decisions/0005-node-24-from-the-npm-registry.md).
// npm scripts find it first on the PATH (node_modules/.bin/node, from the `node` package).
export const SUPPORTED_NODE_MAJOR = 24;

export function nodeMajor(version: string = process.versions.node): number {
  return Number(version.split('.')[0]);
}

/** A sentence for the operator when this runtime is not the supported one, else null. */
export function unsupportedRuntime(version: string = process.versions.node): string | null {
  if (nodeMajor(version) === SUPPORTED_NODE_MAJOR) return null;
  return (
    `This server needs Node.js ${SUPPORTED_NODE_MAJOR}, but it was started with Node.js ${version}. ` +
    "Start it with `npm start` (npm puts the project's own Node.js first on the PATH) after `npm install`."
  );
}
