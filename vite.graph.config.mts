import base from './vite.config.ts';
import { writeFileSync } from 'node:fs';
export default (env: any) => {
  const c: any = base(env);
  c.build.outDir = '/tmp/graph-dist';
  c.build.emptyOutDir = true;
  c.plugins.push({ name: 'graph', generateBundle(this: any, _o: any, bundle: any) {
    const graph: Record<string, string[]> = {};
    for (const id of this.getModuleIds()) { const info = this.getModuleInfo(id); graph[id] = info?.importedIds ?? []; }
    const chunkOf: Record<string,string> = {}; const len: Record<string,number> = {};
    for (const [f, ch] of Object.entries<any>(bundle)) if (ch.type === 'chunk') for (const [id, m] of Object.entries<any>(ch.modules)) { chunkOf[id] = f; len[id] = m.renderedLength; }
    writeFileSync('/tmp/graph.json', JSON.stringify({ graph, chunkOf, len }));
  }});
  return c;
};
