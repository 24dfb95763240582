// The photo upload's JSON body ({data: base64 or data URL, recaptchaToken}, spec §7) read as it
// arrives, chunk by chunk, into what the route needs: the token and the decoded bytes. A small
// state machine checks the whole body's JSON syntax and decodes the `data` string's base64 straight
// into one Buffer of the decoded size: neither the body nor the base64 text is ever held whole
// (issue 27, docs/decisions/0038). Its answers are those JSON.parse and Buffer.from(…, 'base64')
// would give for the same body, with three bounds a browser never reaches: nesting deeper than
// MAX_DEPTH, a data URL's header longer than MAX_DATA_URL_HEADER, and a token over MAX_TOKEN_BYTES.
import { MAX_BASE64_UPLOAD_CHARS } from '#shared/limits.ts';

type UploadData =
  | { kind: 'bytes'; bytes: Uint8Array }
  /** Absent, not a string, or empty. */
  | { kind: 'missing' }
  | { kind: 'tooLong' }
  | { kind: 'notBase64' };

export type UploadBody = { ok: true; recaptchaToken: unknown; data: UploadData } | { ok: false; reason: 'syntax' | 'notObject' };

/** Deeper nesting (in a field the route ignores) is refused as a body that cannot be read. */
const MAX_DEPTH = 64;
/** A data URL's `data:…;base64,` header: a media type and its parameters. */
const MAX_DATA_URL_HEADER = 1024;
/** The token's JSON text as sent (the schema allows 4,096 characters); a longer one is kept as null, which the schema refuses. */
const MAX_TOKEN_BYTES = 32 * 1024;
/** A top-level key's JSON text; a longer one is neither `data` nor `recaptchaToken`. */
const MAX_KEY_BYTES = 256;

// What the scanner expects next.
const VALUE = 0;
const VALUE_OR_CLOSE = 1; // after '['
const KEY_OR_CLOSE = 2; // after '{'
const KEY = 3; // after ',' in an object
const COLON = 4;
const AFTER_VALUE = 5;
const END = 6;
const STRING = 7;
const ESCAPE = 8;
const UNICODE = 9;
const NUMBER = 10;
const LITERAL = 11;
const FAILED = 12;

// Number states (JSON's grammar): which characters may come next.
const N_SIGN = 0; // after '-': a digit
const N_ZERO = 1; // a leading 0: '.', 'e' or the end
const N_INT = 2;
const N_DOT = 3; // after '.': a digit
const N_FRAC = 4;
const N_EXP = 5; // after 'e': sign or digit
const N_EXP_SIGN = 6; // a digit
const N_EXP_DIGITS = 7;

const OBJECT = 1;
const ARRAY = 2;

// The data string's parts: its first characters (is it a data URL?), the data URL's header, the base64 text.
const D_START = 0;
const D_HEADER = 1;
const D_BASE64 = 2;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NOT_BASE64 = 255;
/** Each byte's base64 value (standard and URL-safe alphabets, as Node decodes both), or NOT_BASE64. */
const BASE64_VALUE = new Uint8Array(256).fill(NOT_BASE64);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) BASE64_VALUE[c.charCodeAt(0)] = i;
BASE64_VALUE['-'.charCodeAt(0)] = 62;
BASE64_VALUE['_'.charCodeAt(0)] = 63;
/** The most of a chunk turned into text at once (a chunk may be the whole body: inject(), a proxy). */
const TEXT_WINDOW = 64 * 1024;
/** A run of base64 characters, from lastIndex on. */
const BASE64_RUN = /[A-Za-z0-9+/_-]*/y;
const ESCAPED: Record<number, number> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 0x08, 0x66: 0x0c, 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09 };
const isJsonSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** What JavaScript's \s matches (the whitespace the old reader stripped from the base64 text). */
const isTextSpace = (u: number) => /\s/.test(String.fromCharCode(u));
const hexValue = (c: number) => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1);
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** Collects a small value's raw JSON bytes across chunks, up to a cap. */
class Capture {
  parts: Buffer[] = [];
  size = 0;
  overflow = false;
  readonly cap: number;
  constructor(cap: number) {
    this.cap = cap;
  }
  add(bytes: Uint8Array) {
    if (this.overflow) return;
    this.size += bytes.length;
    if (this.size > this.cap) {
      this.overflow = true;
      this.parts = [];
    } else this.parts.push(Buffer.from(bytes));
  }
  /** The value as JSON.parse reads it (the scanner has checked its syntax), or `fallback` past the cap. */
  value(fallback: unknown): unknown {
    return this.overflow ? fallback : JSON.parse(Buffer.concat(this.parts).toString('utf8'));
  }
}

/** The `data` string, decoded as it arrives. */
class DataString {
  /** UTF-16 units of the string, as JavaScript would count them. */
  chars = 0;
  part = D_START;
  header = '';
  invalid = false;
  tooLong = false;
  base64Chars = 0;
  padding = 0;
  private bits = 0;
  private pending = 0;
  written = 0;
  private out: Buffer;
  /** The decoded bytes' buffer, grown as needed. */
  get buffer(): Buffer {
    return this.out;
  }
  constructor(out: Buffer) {
    this.out = out;
  }

  private utf8Needed = 0;
  private utf8Point = 0;

  /** One character of the string (after JSON escapes), as a UTF-16 unit. */
  unit(u: number) {
    this.endUtf8();
    this.emit(u);
  }

  /** A raw byte of a UTF-8 sequence (a character beyond ASCII, sent as it is). */
  utf8(b: number) {
    if (b >= 0x80 && b < 0xc0 && this.utf8Needed > 0) {
      this.utf8Point = (this.utf8Point << 6) | (b & 0x3f);
      if (--this.utf8Needed > 0) return;
      const point = this.utf8Point;
      if (point > 0xffff) {
        this.emit(0xd800 + ((point - 0x10000) >> 10));
        this.emit(0xdc00 + ((point - 0x10000) & 0x3ff));
      } else this.emit(point);
      return;
    }
    this.endUtf8();
    this.utf8Needed = b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : 0;
    this.utf8Point = b & (0x3f >> this.utf8Needed);
    // A byte that starts no sequence: U+FFFD, as a UTF-8 decoder reads it.
    if (this.utf8Needed === 0) this.emit(0xfffd);
  }

  /** A sequence cut short reads as U+FFFD. */
  private endUtf8() {
    if (this.utf8Needed === 0) return;
    this.utf8Needed = 0;
    this.emit(0xfffd);
  }

  private emit(u: number) {
    this.chars++;
    if (this.chars > MAX_BASE64_UPLOAD_CHARS) this.tooLong = true;
    if (this.invalid || this.tooLong) return;
    if (this.part === D_START) {
      this.header += String.fromCharCode(u);
      if ('data:'.startsWith(this.header)) {
        if (this.header.length === 5) this.part = D_HEADER;
        return;
      }
      // Not a data URL: what was held back is base64 text.
      const held = this.header;
      this.header = '';
      this.part = D_BASE64;
      for (let i = 0; i < held.length; i++) this.base64Unit(held.charCodeAt(i));
      return;
    }
    if (this.part === D_HEADER) {
      if (u !== 0x2c) {
        this.header += String.fromCharCode(u);
        if (this.header.length > MAX_DATA_URL_HEADER) {
          this.invalid = true;
          this.part = D_BASE64;
        }
        return;
      }
      if (!/;base64$/i.test(this.header)) this.invalid = true;
      this.part = D_BASE64;
      return;
    }
    this.base64Unit(u);
  }

  /**
   * A run of the string's raw bytes that are all base64 characters (the fast path), given as the
   * chunk's Latin-1 text: `text.slice(from, to)`. False while the string's start is still being read.
   */
  run(text: string, from: number, to: number): boolean {
    if (this.part !== D_BASE64) return false;
    this.endUtf8();
    this.chars += to - from;
    if (this.chars > MAX_BASE64_UPLOAD_CHARS) this.tooLong = true;
    // Base64 characters after the padding.
    if (this.padding > 0) this.invalid = true;
    if (!this.invalid && !this.tooLong) this.decode(text, from, to);
    return true;
  }

  private decode(text: string, from: number, to: number) {
    this.base64Chars += to - from;
    const out = this.ensure(this.written + Math.ceil(((to - from + this.pending) * 3) / 4));
    let i = from;
    // Whole groups of four, by Node's own decoder, once a group is complete.
    while (this.pending !== 0 && i < to) this.decodeOne(out, text.charCodeAt(i++));
    const whole = (to - i) & ~3;
    if (whole > 0) {
      this.written += out.write(text.slice(i, i + whole), this.written, 'base64');
      i += whole;
    }
    while (i < to) this.decodeOne(out, text.charCodeAt(i++));
  }

  private decodeOne(out: Buffer, c: number) {
    this.bits = (this.bits << 6) | BASE64_VALUE[c]!;
    if (++this.pending < 4) return;
    out[this.written++] = this.bits >>> 16;
    out[this.written++] = (this.bits >>> 8) & 0xff;
    out[this.written++] = this.bits & 0xff;
    this.bits = 0;
    this.pending = 0;
  }

  private base64Unit(u: number) {
    if (u < 256 && BASE64_VALUE[u] !== NOT_BASE64) {
      if (this.padding > 0) this.invalid = true;
      else this.decode(String.fromCharCode(u), 0, 1);
    } else if (u === 0x3d) {
      if (++this.padding > 2) this.invalid = true;
    } else if (!isTextSpace(u)) this.invalid = true;
  }

  /** Room for `size` decoded bytes (the first guess comes from the body's declared length). */
  private ensure(size: number): Buffer {
    if (size > this.out.length) {
      const grown = Buffer.allocUnsafe(Math.max(size, Math.min(this.out.length * 2, maxDecodedBytes())));
      this.out.copy(grown, 0, 0, this.written);
      this.out = grown;
    }
    return this.out;
  }

  result(): UploadData {
    this.endUtf8();
    if (this.chars === 0) return { kind: 'missing' };
    if (this.tooLong) return { kind: 'tooLong' };
    if (this.part === D_START) {
      // Shorter than "data:" and its start: base64 text after all.
      const held = this.header;
      this.part = D_BASE64;
      for (let i = 0; i < held.length; i++) this.base64Unit(held.charCodeAt(i));
    }
    if (this.invalid || this.part !== D_BASE64 || this.base64Chars === 0) return { kind: 'notBase64' };
    // As Node decodes a last group of 2 or 3 characters (a lone one decodes to nothing).
    const out = this.ensure(this.written + 2);
    if (this.pending === 2) out[this.written++] = this.bits >>> 4;
    if (this.pending === 3) {
      out[this.written++] = this.bits >>> 10;
      out[this.written++] = (this.bits >>> 2) & 0xff;
    }
    this.pending = 0;
    return { kind: 'bytes', bytes: out.subarray(0, this.written) };
  }
}

const maxDecodedBytes = () => Math.ceil((MAX_BASE64_UPLOAD_CHARS * 3) / 4) + 3;

export interface UploadBodyReader {
  /** The next bytes of the body. */
  write(chunk: Uint8Array): void;
  /** The body has ended: what it held. */
  end(): UploadBody;
}

/**
 * A reader of one upload body. `expectedBytes` (the declared Content-Length, when there is one)
 * sizes the decoded bytes' buffer at once; without it the buffer grows as needed.
 */
export function uploadBodyReader({ expectedBytes }: { expectedBytes?: number } = {}): UploadBodyReader {
  let mode = VALUE;
  const stack: number[] = [];
  let topIsObject: boolean | null = null;
  // Inside a string: whether it is a key (then `key` captures a top-level one) or a value.
  let stringIsKey = false;
  let escapeHex = 0;
  let escapeUnits = 0;
  let numberState = N_SIGN;
  let literal = '';
  let literalAt = 0;
  // The top-level member being read.
  let key: Capture | null = null;
  let memberKey: string | null = null;
  let token: Capture | null = null;
  let tokenValue: unknown = undefined;
  let data: DataString | null = null;
  let dataResult: UploadData = { kind: 'missing' };
  let dataBuffer: Buffer | null = null;

  const dataBufferFor = (): Buffer => {
    const size = Math.min(maxDecodedBytes(), Math.ceil(((expectedBytes ?? 64 * 1024) * 3) / 4) + 3);
    if (!dataBuffer || dataBuffer.length < size) dataBuffer = Buffer.allocUnsafe(size);
    return dataBuffer;
  };

  /** A value ended; `endsAt` is the index after its last byte in `chunk`. */
  const valueEnded = (chunk: Uint8Array, endsAt: number) => {
    if (stack.length === 1) {
      if (token) {
        token.add(chunk.subarray(captureFrom, endsAt));
        tokenValue = token.value(null);
        token = null;
      }
      if (data) {
        dataResult = data.result();
        // The buffer is kept for a later data member, which replaces this result (JSON.parse's last one wins): one buffer a body, however many members (issue 36).
        dataBuffer = data.buffer;
        data = null;
      }
    }
    mode = stack.length === 0 ? END : AFTER_VALUE;
  };

  let captureFrom = 0;

  const startValue = (chunk: Uint8Array, i: number, c: number): number => {
    if (stack.length === 0 && topIsObject === null) topIsObject = c === 0x7b;
    if (stack.length === 1) {
      captureFrom = i;
      if (memberKey === 'recaptchaToken') token = new Capture(MAX_TOKEN_BYTES);
      if (memberKey === 'data') {
        if (c === QUOTE) data = new DataString(dataBufferFor());
        else dataResult = { kind: 'missing' };
      }
    }
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_DEPTH) return FAILED;
      stack.push(c === 0x7b ? OBJECT : ARRAY);
      return c === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
    }
    if (c === QUOTE) {
      stringIsKey = false;
      return STRING;
    }
    if (c === 0x2d || isDigit(c)) {
      numberState = c === 0x2d ? N_SIGN : c === 0x30 ? N_ZERO : N_INT;
      return NUMBER;
    }
    const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : c === 0x6e ? 'null' : '';
    if (!word) return FAILED;
    literal = word;
    literalAt = 1;
    return LITERAL;
  };

  /** Whether `c` continues the number; updates its state. */
  const numberTakes = (c: number): boolean => {
    const digit = isDigit(c);
    switch (numberState) {
      case N_SIGN:
        if (!digit) return false;
        numberState = c === 0x30 ? N_ZERO : N_INT;
        return true;
      case N_ZERO:
      case N_INT:
        if (digit && numberState === N_INT) return true;
        if (c === 0x2e) numberState = N_DOT;
        else if (c === 0x65 || c === 0x45) numberState = N_EXP;
        else return false;
        return true;
      case N_DOT:
      case N_FRAC:
        if (digit) numberState = N_FRAC;
        else if (numberState === N_FRAC && (c === 0x65 || c === 0x45)) numberState = N_EXP;
        else return false;
        return true;
      case N_EXP:
        if (c === 0x2b || c === 0x2d) numberState = N_EXP_SIGN;
        else if (digit) numberState = N_EXP_DIGITS;
        else return false;
        return true;
      default:
        if (!digit) return false;
        numberState = N_EXP_DIGITS;
        return true;
    }
  };
  const numberComplete = () => numberState === N_ZERO || numberState === N_INT || numberState === N_FRAC || numberState === N_EXP_DIGITS;

  const stringUnit = (u: number) => {
    if (data && !stringIsKey) data.unit(u);
  };

  const write = (chunk: Uint8Array) => {
    const n = chunk.length;
    let i = 0;
    // The chunk as Latin-1 text (one byte, one character) from textFrom on, a window at a time,
    // made where the data string's base64 is.
    let text: string | undefined;
    let textFrom = 0;
    if (key) captureFrom = 0;
    if (token) captureFrom = 0;
    while (i < n && mode !== FAILED) {
      const c = chunk[i]!;
      switch (mode) {
        case STRING: {
          // The data string's base64 text, run by run, straight into its buffer.
          if (data && !stringIsKey) {
            if (text === undefined || i >= textFrom + text.length) {
              textFrom = i;
              text = Buffer.from(chunk.buffer, chunk.byteOffset + i, Math.min(TEXT_WINDOW, n - i)).toString('latin1');
            }
            BASE64_RUN.lastIndex = i - textFrom;
            const j = i + BASE64_RUN.exec(text)![0].length;
            if (j > i && data.run(text, i - textFrom, j - textFrom)) {
              i = j;
              continue;
            }
          } else {
            // Any other string: skipped to its next quote, backslash or control character.
            while (i < n && chunk[i]! !== QUOTE && chunk[i]! !== BACKSLASH && chunk[i]! >= 0x20) i++;
            if (i === n) continue;
          }
          const s = chunk[i]!;
          if (s === QUOTE) {
            if (stringIsKey) {
              if (key) {
                key.add(chunk.subarray(captureFrom, i + 1));
                memberKey = key.overflow ? null : (key.value(null) as string);
                key = null;
              }
              mode = COLON;
            } else valueEnded(chunk, i + 1);
          } else if (s === BACKSLASH) mode = ESCAPE;
          else if (s < 0x20) mode = FAILED;
          else if (data && !stringIsKey) {
            if (s < 0x80) data.unit(s);
            else data.utf8(s);
          }
          i++;
          break;
        }
        case ESCAPE:
          if (c === 0x75) {
            mode = UNICODE;
            escapeHex = 0;
            escapeUnits = 0;
          } else if (ESCAPED[c] !== undefined) {
            stringUnit(ESCAPED[c]);
            mode = STRING;
          } else mode = FAILED;
          i++;
          break;
        case UNICODE: {
          const h = hexValue(c);
          if (h < 0) {
            mode = FAILED;
            break;
          }
          escapeUnits = (escapeUnits << 4) | h;
          if (++escapeHex === 4) {
            stringUnit(escapeUnits);
            mode = STRING;
          }
          i++;
          break;
        }
        case NUMBER:
          if (numberTakes(c)) i++;
          else if (numberComplete()) valueEnded(chunk, i);
          else mode = FAILED;
          break;
        case LITERAL:
          if (c !== literal.charCodeAt(literalAt)) mode = FAILED;
          else if (++literalAt === literal.length) valueEnded(chunk, i + 1);
          i++;
          break;
        default: {
          if (isJsonSpace(c)) {
            i++;
            break;
          }
          const top = stack.at(-1);
          if (mode === VALUE) mode = startValue(chunk, i, c);
          else if (mode === VALUE_OR_CLOSE) {
            if (c === 0x5d) {
              stack.pop();
              valueEnded(chunk, i + 1);
            } else mode = startValue(chunk, i, c);
          } else if (mode === KEY_OR_CLOSE || mode === KEY) {
            if (c === 0x7d && mode === KEY_OR_CLOSE) {
              stack.pop();
              valueEnded(chunk, i + 1);
            } else if (c === QUOTE) {
              stringIsKey = true;
              if (stack.length === 1) {
                key = new Capture(MAX_KEY_BYTES);
                captureFrom = i;
              }
              mode = STRING;
            } else mode = FAILED;
          } else if (mode === COLON) mode = c === 0x3a ? VALUE : FAILED;
          else if (mode === AFTER_VALUE) {
            if (c === 0x2c) mode = top === OBJECT ? KEY : VALUE;
            else if ((c === 0x7d && top === OBJECT) || (c === 0x5d && top === ARRAY)) {
              stack.pop();
              valueEnded(chunk, i + 1);
            } else mode = FAILED;
          } else mode = FAILED; // END: nothing may follow the value
          i++;
        }
      }
    }
    // A key or token that goes on in the next chunk: what this one held of it.
    if (mode !== FAILED) {
      if (key) key.add(chunk.subarray(captureFrom));
      if (token) token.add(chunk.subarray(captureFrom));
    }
  };

  return {
    write,
    end() {
      // A number at the top level ends with the body.
      if (mode === NUMBER && stack.length === 0 && numberComplete()) mode = END;
      if (mode !== END) return { ok: false, reason: 'syntax' };
      if (!topIsObject) return { ok: false, reason: 'notObject' };
      return { ok: true, recaptchaToken: tokenValue, data: dataResult };
    },
  };
}

/** Reads a whole body at once (tests; the route streams). */
export function readUploadBody(raw: Uint8Array): UploadBody {
  const reader = uploadBodyReader({ expectedBytes: raw.length });
  reader.write(raw);
  return reader.end();
}
