import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeJavaScriptFiles, WEB_DIST } from './bundle-size.ts';
import { ROUTE_BUDGETS } from './bundle-size.ts';
const b = (ROUTE_BUDGETS as any[]).find((r) => r.route.includes('three'));
const files = routeJavaScriptFiles(b.modules);
for (const f of files) console.log((gzipSync(readFileSync(join(WEB_DIST, f)), { level: 9 }).length / 1024).toFixed(1), f);
