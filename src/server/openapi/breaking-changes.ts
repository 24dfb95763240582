// What in a new OpenAPI document would break a client built on the old one (docs/decisions/0055):
// a removed or renamed path, operation, parameter, answer, header or field; a newly required
// parameter; a parameter's type narrowed (fewer values accepted); an answer field's type changed in
// any way (a client decodes what it was told: string -> enum, number -> integer, nullable...).
// Anything else (a new operation, an optional parameter, a new field, words) is additive.

type Node = Record<string, unknown>;
type Direction = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : []);

/** Follows local `$ref`s (`#/components/...`); a `$ref`'s siblings (a description) are kept. */
function resolver(document: Node) {
  const pointer = (path: string): unknown =>
    path
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, part) => (isNode(at) ? at[part] : undefined), document);
  return function resolve(value: unknown, depth = 0): Node {
    if (!isNode(value)) return {};
    if (typeof value.$ref !== 'string' || depth > 32) return value;
    const { $ref, ...siblings } = value;
    return { ...resolve(pointer($ref as string), depth + 1), ...siblings };
  };
}

/** The JSON types a schema admits ('integer' is a kind of 'number'); null when it admits anything. */
function typesOf(schema: Node): Set<string> | null {
  const type = schema.type;
  const types = new Set<string>(Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : []);
  if (schema.nullable === true) types.add('null');
  if (!types.size && 'const' in schema) types.add(schema.const === null ? 'null' : Number.isInteger(schema.const) ? 'integer' : typeof schema.const);
  return types.size ? types : null;
}

const admits = (types: Set<string> | null, type: string) => types === null || types.has(type) || (type === 'integer' && types.has('number'));
const valuesOf = (schema: Node): unknown[] | null => (Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : null);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const;

function compareSchema(
  resolve: (v: unknown) => Node,
  resolveAfter: (v: unknown) => Node,
  beforeRaw: unknown,
  afterRaw: unknown,
  where: string,
  direction: Direction,
  out: string[],
  depth = 0,
) {
  if (depth > 16) return;
  const before = resolve(beforeRaw);
  const after = resolveAfter(afterRaw);
  const bTypes = typesOf(before);
  const aTypes = typesOf(after);
  if (direction === 'request') {
    const lost = bTypes === null ? (aTypes === null ? [] : ['any value']) : [...bTypes].filter((t) => !admits(aTypes, t));
    if (lost.length) out.push(`${where}: narrowed type (${[...(bTypes ?? ['any'])].join('|')} -> ${[...(aTypes ?? ['any'])].join('|')})`);
    const bValues = valuesOf(before);
    const aValues = valuesOf(after);
    if (aValues && (!bValues || bValues.some((v) => !aValues.some((w) => same(v, w)))))
      out.push(`${where}: narrowed to fewer values (${bValues ? JSON.stringify(bValues) : 'any'} -> ${JSON.stringify(aValues)})`);
    for (const key of ['pattern', 'format'] as const)
      if (after[key] !== undefined && after[key] !== before[key])
        out.push(`${where}: ${key} changed (${String(before[key] ?? 'none')} -> ${String(after[key])})`);
    for (const key of LOWER_BOUNDS)
      if (typeof after[key] === 'number' && !(typeof before[key] === 'number' && (before[key] as number) >= (after[key] as number)))
        out.push(`${where}: ${key} raised (${String(before[key] ?? 'none')} -> ${String(after[key])})`);
    for (const key of UPPER_BOUNDS)
      if (typeof after[key] === 'number' && !(typeof before[key] === 'number' && (before[key] as number) <= (after[key] as number)))
        out.push(`${where}: ${key} lowered (${String(before[key] ?? 'none')} -> ${String(after[key])})`);
    if (before.default !== undefined && !same(before.default, after.default))
      out.push(`${where}: default changed (${JSON.stringify(before.default)} -> ${JSON.stringify(after.default)})`);
  } else {
    const typeChanged = !same([...(bTypes ?? [])].sort(), [...(aTypes ?? [])].sort());
    if (typeChanged) out.push(`${where}: type changed (${[...(bTypes ?? ['any'])].join('|')} -> ${[...(aTypes ?? ['any'])].join('|')})`);
    const bValues = valuesOf(before);
    const aValues = valuesOf(after);
    if (!same(bValues && [...bValues].map(String).sort(), aValues && [...aValues].map(String).sort()))
      out.push(`${where}: values changed (${bValues ? JSON.stringify(bValues) : 'any'} -> ${aValues ? JSON.stringify(aValues) : 'any'})`);
    for (const key of ['format', ...LOWER_BOUNDS, ...UPPER_BOUNDS] as const)
      if (!same(before[key], after[key]))
        out.push(`${where}: ${key} changed (${JSON.stringify(before[key] ?? null)} -> ${JSON.stringify(after[key] ?? null)})`);
  }

  for (const key of ['oneOf', 'anyOf'] as const) {
    const bVariants = Array.isArray(before[key]) ? (before[key] as unknown[]) : [];
    const aVariants = Array.isArray(after[key]) ? (after[key] as unknown[]) : [];
    if (!bVariants.length && !aVariants.length) continue;
    if (direction === 'request' ? aVariants.length < bVariants.length : aVariants.length !== bVariants.length)
      out.push(`${where}: ${key} went from ${bVariants.length} to ${aVariants.length} variants`);
    bVariants.forEach(
      (variant, i) => i < aVariants.length && compareSchema(resolve, resolveAfter, variant, aVariants[i], `${where}<${i}>`, direction, out, depth + 1),
    );
  }

  const bProps = isNode(before.properties) ? before.properties : {};
  const aProps = isNode(after.properties) ? after.properties : {};
  const bRequired = new Set(Array.isArray(before.required) ? (before.required as string[]) : []);
  const aRequired = new Set(Array.isArray(after.required) ? (after.required as string[]) : []);
  const added = Object.keys(aProps).filter((name) => !(name in bProps));
  for (const [name, property] of Object.entries(bProps)) {
    const at = `${where}.${name}`;
    if (!(name in aProps)) {
      out.push(`${at}: removed field${added.length ? ` (renamed to ${added.join(' or ')}?)` : ''}`);
      continue;
    }
    if (direction === 'response' && bRequired.has(name) && !aRequired.has(name)) out.push(`${at}: no longer always present`);
    if (direction === 'request' && !bRequired.has(name) && aRequired.has(name)) out.push(`${at}: became required`);
    compareSchema(resolve, resolveAfter, property, aProps[name], at, direction, out, depth + 1);
  }
  if (direction === 'request') for (const name of added) if (aRequired.has(name)) out.push(`${where}.${name}: new required field`);
  if (before.items !== undefined || after.items !== undefined)
    compareSchema(resolve, resolveAfter, before.items, after.items, `${where}[]`, direction, out, depth + 1);
}

const parameterKey = (p: Node) => `${String(p.in)} ${p.in === 'header' ? String(p.name).toLowerCase() : String(p.name)}`;

/** Every change in `after` that breaks a client of `before`, one line each; empty when `after` only adds. */
export function breakingChanges(before: unknown, after: unknown): string[] {
  if (!isNode(before) || !isNode(after)) throw new Error('breakingChanges: two OpenAPI documents expected');
  const rb = resolver(before);
  const ra = resolver(after);
  const out: string[] = [];
  const bPaths = isNode(before.paths) ? before.paths : {};
  const aPaths = isNode(after.paths) ? after.paths : {};
  for (const [path, bItemRaw] of Object.entries(bPaths)) {
    if (!(path in aPaths)) {
      out.push(`${path}: removed path`);
      continue;
    }
    const bItem = rb(bItemRaw);
    const aItem = ra(aPaths[path]);
    for (const method of METHODS) {
      const bOp = bItem[method];
      if (!isNode(bOp)) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const aOp = aItem[method];
      if (!isNode(aOp)) {
        out.push(`${name}: removed operation`);
        continue;
      }
      if (bOp.operationId !== undefined && bOp.operationId !== aOp.operationId)
        out.push(`${name}: operationId renamed (${String(bOp.operationId)} -> ${String(aOp.operationId)})`);

      const paramsOf = (item: Node, op: Node, resolve: (v: unknown) => Node) =>
        new Map([...nodes(item.parameters), ...nodes(op.parameters)].map((p) => resolve(p)).map((p) => [parameterKey(p), p]));
      const bParams = paramsOf(bItem, bOp, rb);
      const aParams = paramsOf(aItem, aOp, ra);
      for (const [key, bParam] of bParams) {
        const aParam = aParams.get(key);
        const at = `${name} parameter ${key}`;
        if (!aParam) {
          out.push(`${at}: removed parameter`);
          continue;
        }
        if (bParam.required !== true && aParam.required === true) out.push(`${at}: became required`);
        compareSchema(rb, ra, bParam.schema, aParam.schema, at, 'request', out);
      }
      for (const [key, aParam] of aParams) if (!bParams.has(key) && aParam.required === true) out.push(`${name} parameter ${key}: new required parameter`);

      const bBody = rb(bOp.requestBody);
      const aBody = ra(aOp.requestBody);
      if (aBody.required === true && bBody.required !== true) out.push(`${name}: request body became required`);

      const bResponses = isNode(bOp.responses) ? bOp.responses : {};
      const aResponses = isNode(aOp.responses) ? aOp.responses : {};
      for (const [status, bResponseRaw] of Object.entries(bResponses)) {
        const at = `${name} ${status}`;
        if (!(status in aResponses)) {
          out.push(`${at}: removed answer`);
          continue;
        }
        const bResponse = rb(bResponseRaw);
        const aResponse = ra(aResponses[status]);
        const aHeaders = new Set(Object.keys(isNode(aResponse.headers) ? aResponse.headers : {}).map((h) => h.toLowerCase()));
        for (const header of Object.keys(isNode(bResponse.headers) ? bResponse.headers : {}))
          if (!aHeaders.has(header.toLowerCase())) out.push(`${at}: removed header ${header}`);
        const bContent = isNode(bResponse.content) ? bResponse.content : {};
        const aContent = isNode(aResponse.content) ? aResponse.content : {};
        for (const [mediaType, bMedia] of Object.entries(bContent)) {
          const aMedia = aContent[mediaType];
          if (!isNode(aMedia)) out.push(`${at}: removed ${mediaType}`);
          else compareSchema(rb, ra, rb(bMedia).schema, aMedia.schema, `${at} ${mediaType} body`, 'response', out);
        }
      }
    }
  }
  return out;
}
