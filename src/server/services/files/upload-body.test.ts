import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BASE64_UPLOAD_CHARS } from '#shared/limits.ts';
import { readUploadBody, uploadBodyReader, type UploadBody } from './upload-body.ts';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/**
 * What the body means, read whole with JSON.parse and Buffer.from(…, 'base64'): the reader before
 * it streamed. The streaming reader must give the same answer for every body and every way of
 * cutting it into chunks.
 */
function wholeBodyOracle(raw: Uint8Array): UploadBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw).toString('utf8'));
  } catch {
    return { ok: false, reason: 'syntax' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, reason: 'notObject' };
  const fields = parsed as Record<string, unknown>;
  const recaptchaToken = Object.hasOwn(fields, 'recaptchaToken') ? fields.recaptchaToken : undefined;
  const data = Object.hasOwn(fields, 'data') ? fields.data : undefined;
  if (typeof data !== 'string' || data.length === 0) return { ok: true, recaptchaToken, data: { kind: 'missing' } };
  if (data.length > MAX_BASE64_UPLOAD_CHARS) return { ok: true, recaptchaToken, data: { kind: 'tooLong' } };
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  if (data.startsWith('data:') && (comma < 0 || !/;base64$/i.test(data.slice(0, comma)))) return { ok: true, recaptchaToken, data: { kind: 'notBase64' } };
  const body = (comma >= 0 ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  if (body.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(body)) return { ok: true, recaptchaToken, data: { kind: 'notBase64' } };
  return { ok: true, recaptchaToken, data: { kind: 'bytes', bytes: Buffer.from(body, 'base64') } };
}

/** Comparable: decoded bytes as hex. */
const plain = (body: UploadBody) =>
  body.ok && body.data.kind === 'bytes' ? { ...body, data: { kind: 'bytes', hex: Buffer.from(body.data.bytes).toString('hex') } } : body;

function readInChunks(raw: Uint8Array, cuts: number[], expectedBytes: number | undefined = raw.length): UploadBody {
  const reader = uploadBodyReader({ expectedBytes });
  let from = 0;
  for (const cut of [...cuts, raw.length]) {
    reader.write(raw.subarray(from, cut));
    from = cut;
  }
  return reader.end();
}

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]);
const b64 = png.toString('base64');

/** Bodies a browser sends, and every way a body can be odd or wrong. */
const corpus: string[] = [
  JSON.stringify({ data: b64, recaptchaToken: 't' }),
  JSON.stringify({ recaptchaToken: 'tök€n 𝄞', data: `data:image/png;base64,${b64}` }),
  JSON.stringify({ data: png.toString('base64url') }),
  JSON.stringify({ data: `data:image/jpeg;BASE64,${b64}` }),
  // Escapes: slashes as some encoders write them, \u escapes, whitespace as escapes and raw spaces.
  `{"data":"${'ab/c+/9'.repeat(3).replaceAll('/', '\\/')}","recaptchaToken":"x\\u00e9\\"y"}`,
  `{"d\\u0061ta":"\\u0041\\u0042CD","recaptcha\\u0054oken":"a"}`,
  `{ "data" : "AB CD\\nEF\\r\\nGH\\tIJ\\fKL" , "recaptchaToken" : "t" }`,
  `{"data":"data:image/png;base64,\\u0041BCD\\u00a0EF=="}`,
  // Lengths and padding as Node decodes them.
  ...['A', 'AB', 'ABC', 'ABCD', 'ABCDE', 'QQ==', 'QUI=', 'QQ=', 'QQ = = ', 'QQ===', '==', '=QQ', 'Q=Q', '   '].map((data) =>
    JSON.stringify({ data, recaptchaToken: 'k' }),
  ),
  // Data URLs: the header, its parameters, no comma, no base64, an empty payload.
  ...[
    'data:',
    'data',
    'dat',
    'dataQ',
    'data:image/png',
    'data:image/png,abc',
    'data:image/png;base64,',
    'data:;base64,QUJD',
    'data:image/png;charset=x;base64,QUJD',
    'DATA:image/png;base64,QUJD',
  ].map((data) => JSON.stringify({ data })),
  // Not base64, or not a string.
  ...[
    { data: 'not base64 at all!' },
    { data: 'ab"cd' },
    { data: 'ab\\cd' },
    { data: 'é' },
    { data: '𝄞AAA' },
    { data: 12 },
    { data: null },
    { data: ['QUJD'] },
    { data: { x: 'QUJD' } },
    { data: '' },
    {},
  ].map((v) => JSON.stringify(v)),
  // The last of a repeated key wins.
  `{"data":"QUJD","data":"not!","recaptchaToken":"a","recaptchaToken":"b"}`,
  `{"data":"not!","data":"QUJD"}`,
  `{"data":"QUJD","data":7}`,
  // The token as any JSON value (the route's schema refuses all but a string).
  ...[7, -0.5e-3, true, false, null, [1, 'a'], { a: { b: [] } }, ''].map((recaptchaToken) => JSON.stringify({ data: 'QUJD', recaptchaToken })),
  // Other fields, of every kind, skipped.
  JSON.stringify({
    before: [1, 2.5, -3e7, 'a\\"b', { c: null, d: [true, false] }],
    data: 'QUJD',
    after: { data: 'nested is not it', recaptchaToken: 'nor this' },
    n: 0,
  }),
  `{"x":1E5,"y":-0,"z":0.0e-0,"data":"QUJD"}`,
  // Not an object, or not JSON at all.
  '[1]',
  '12',
  '-1.5',
  '"QUJD"',
  'null',
  'true',
  '[]',
  '',
  ' ',
  '{',
  '{"data":',
  '{"data":"QUJD"',
  '{"data":"QUJD",}',
  '{"data":"QUJD"}x',
  '{"data":"QUJD"}{}',
  '{"data" "QUJD"}',
  "{'data':'QUJD'}",
  '{data:"QUJD"}',
  '{"data":"QU\nJD"}',
  '{"data":"\\x41"}',
  '{"data":"\\u00G1"}',
  '{"a":01}',
  '{"a":1.}',
  '{"a":.5}',
  '{"a":-}',
  '{"a":1e}',
  '{"a":+1}',
  '{"a":tru}',
  '{"a":nul}',
  '{"a":[1,]}',
  '{"a":[,1]}',
  '{"a":{"b"}}',
  '{"a":{1:2}}',
  '\uFEFF{"data":"QUJD"}',
  '{"data":"QUJD"}\n ',
  `{"a":${'['.repeat(40)}${']'.repeat(40)},"data":"QUJD"}`,
];

describe('uploadBodyReader', () => {
  it('answers as JSON.parse and base64 decoding of the whole body would, however the body is cut into chunks', () => {
    for (const text of corpus) {
      const raw = Buffer.from(text);
      const expected = plain(wholeBodyOracle(raw));
      expect(plain(readUploadBody(raw)), text).toEqual(expected);
      // Cut once at every point, and byte by byte.
      for (let cut = 0; cut <= raw.length; cut++) expect(plain(readInChunks(raw, [cut])), `${text} cut at ${cut}`).toEqual(expected);
      expect(
        plain(
          readInChunks(
            raw,
            Array.from({ length: raw.length }, (_, i) => i),
          ),
        ),
        `${text} byte by byte`,
      ).toEqual(expected);
    }
  });

  it('agrees with the whole-body reading on generated bodies, cut at random points', () => {
    const base64ish = fc.stringMatching(/^(data:[a-z/;=]{0,12}(;base64)?,)?[A-Za-z0-9+/_\- =\n\\é]{0,40}={0,3}$/);
    const body = fc.record(
      { data: fc.oneof(base64ish, fc.jsonValue({ maxDepth: 2 })), recaptchaToken: fc.jsonValue({ maxDepth: 2 }), other: fc.jsonValue({ maxDepth: 3 }) },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        body,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        fc.option(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...'{}[]":,\\ 0-eE.tfnu"A=/'))),
        (value, cutSeeds, escapeSlashes, mutation) => {
          let text = JSON.stringify(value);
          if (escapeSlashes) text = text.replaceAll('/', '\\/');
          // Sometimes one edit (a character deleted, replaced or inserted) that may break the JSON.
          if (mutation) {
            const [seed, removed, inserted] = mutation;
            const at = seed % (text.length + 1);
            text = text.slice(0, at) + inserted + text.slice(at + removed);
          }
          const raw = Buffer.from(text);
          const cuts = [...new Set(cutSeeds.map((seed) => seed % (raw.length + 1)))].sort((a, b) => a - b);
          expect(plain(readInChunks(raw, cuts))).toEqual(plain(wholeBodyOracle(raw)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('decodes a photo-sized body straight into one buffer, whatever the chunks, declared length or not', () => {
    const photo = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < photo.length; i++) photo[i] = (i * 7919) % 251;
    const raw = json({ recaptchaToken: 'tok', data: `data:image/jpeg;base64,${photo.toString('base64')}` });
    const cuts: number[] = [];
    // Chunks of 64 KB, as a socket hands them, shifted so that groups of four characters straddle them.
    for (let at = 65_537; at < raw.length; at += 65_536) cuts.push(at);
    // Also the whole body as one chunk, as inject() or a buffering proxy hands it over.
    for (const [expectedBytes, chunkCuts] of [
      [raw.length, cuts],
      [undefined, cuts],
      [raw.length, []],
    ] as const) {
      const body = readInChunks(raw, [...chunkCuts], expectedBytes);
      expect(body).toMatchObject({ ok: true, recaptchaToken: 'tok', data: { kind: 'bytes' } });
      const { bytes } = (body as { data: { bytes: Uint8Array } }).data;
      expect(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(photo)).toBe(true);
      // One buffer of the decoded size (and a few bytes): not the body's, not the base64 text's.
      if (expectedBytes) expect(bytes.buffer.byteLength).toBeLessThan(photo.length * 1.01);
    }
  });

  it('says the data is too long past MAX_BASE64_UPLOAD_CHARS, and not base64 when it is not, in a body it still reads to the end', () => {
    const over = json({ data: 'A'.repeat(MAX_BASE64_UPLOAD_CHARS + 1), recaptchaToken: 'a' });
    expect(readInChunks(over, [1000, 70_000])).toMatchObject({ ok: true, recaptchaToken: 'a', data: { kind: 'tooLong' } });
    const wrong = json({ data: `${'A'.repeat(1_000_000)}!${'A'.repeat(1_000_000)}`, recaptchaToken: 'b' });
    expect(readInChunks(wrong, [65_536])).toMatchObject({ ok: true, recaptchaToken: 'b', data: { kind: 'notBase64' } });
    // The JSON is checked to its last byte even once the data is known to be wrong.
    expect(readInChunks(Buffer.concat([wrong, Buffer.from('x')]), [65_536])).toEqual({ ok: false, reason: 'syntax' });
  });

  it('keeps bounds a browser never reaches: nesting, a data URL header, a token', () => {
    const deep = `{"a":${'['.repeat(100)}${']'.repeat(100)},"data":"QUJD"}`;
    expect(readUploadBody(Buffer.from(deep))).toEqual({ ok: false, reason: 'syntax' });
    const header = json({ data: `data:image/png;${'x'.repeat(2000)};base64,QUJD` });
    expect(readUploadBody(header)).toMatchObject({ ok: true, data: { kind: 'notBase64' } });
    const token = json({ data: 'QUJD', recaptchaToken: 'x'.repeat(40_000) });
    expect(readUploadBody(token)).toMatchObject({ ok: true, recaptchaToken: null, data: { kind: 'bytes' } });
  });
});

describe('uploadBodyReader against adversarial shapes (issue 36)', () => {
  /** Shapes that cost a naive reader more than linear work: repeated members, nesting, escapes, numbers, keys, tokens. */
  const unit = fc.oneof(
    fc.constant('"data":"A",'),
    fc.constant('"data":"data:image/png;base64,QUJD",'),
    fc.constant('"data":"\\u0041\\u0042\\u0043\\u0044",'),
    fc.constant('"data":1e99999,'),
    fc.constant('"data":null,'),
    fc.constant(`"recaptchaToken":"${'t'.repeat(200)}",`),
    fc.constant(`"recaptchaToken":[${'1,'.repeat(50)}1],`),
    fc.constant(`"x":${'9'.repeat(300)}.5e-${'9'.repeat(50)},`),
    fc.constant(`"${'k'.repeat(300)}":"\\n\\t\\\\\\"",`),
    fc.constant(`"n":${'['.repeat(60)}${']'.repeat(60)},`),
    fc.constant(`"deep":${'{"a":'.repeat(60)}1${'}'.repeat(60)},`),
  );
  /** Nesting deeper than the reader's bound: refused as unreadable, where JSON.parse reads it. */
  const tooDeep = `"deep":${'{"a":'.repeat(70)}1${'}'.repeat(70)},`;
  const shape = fc.tuple(fc.array(fc.oneof(unit, fc.constant(tooDeep)), { minLength: 1, maxLength: 8 }), fc.integer({ min: 2_000, max: 20_000 }));
  /** The shape's units repeated to about `repeat` members, then a photo: small to print when a case fails. */
  const bodyOf = ([units, repeat]: [string[], number]) =>
    Buffer.from(`{${units.join('').repeat(Math.ceil(repeat / units.length))}"data":"${b64}","recaptchaToken":"t"}`);

  it("reads every shape with work linear in its size: bytes allocated and time per byte stay bounded, and the answer is JSON.parse's", () => {
    fc.assert(
      fc.property(shape, fc.integer({ min: 1, max: 70_000 }), (units, chunkSize) => {
        const raw = bodyOf(units);
        const allocated = { bytes: 0 };
        const allocUnsafe = Buffer.allocUnsafe;
        Buffer.allocUnsafe = (size: number) => {
          allocated.bytes += size;
          return allocUnsafe(size);
        };
        const started = performance.now();
        let result: UploadBody;
        try {
          const cuts: number[] = [];
          for (let at = chunkSize; at < raw.length; at += chunkSize) cuts.push(at);
          result = readInChunks(raw, cuts);
        } finally {
          Buffer.allocUnsafe = allocUnsafe;
        }
        const elapsedMs = performance.now() - started;
        expect(plain(result)).toEqual(units[0].includes(tooDeep) ? { ok: false, reason: 'syntax' } : plain(wholeBodyOracle(raw)));
        // The decoded bytes' one buffer (sized from the body's length) and a few copies of the body at most.
        expect(allocated.bytes).toBeLessThanOrEqual(raw.length + 4 * raw.length + 64 * 1024);
        // Tens of nanoseconds a byte on this machine; 20 µs a byte only if the work grows with the square of the size.
        expect(elapsedMs / raw.length).toBeLessThan(0.02);
      }),
      { numRuns: 40 },
    );
  });
});
