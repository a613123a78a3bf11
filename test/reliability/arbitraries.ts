/** fast-check generators for hostile query strings: the inputs a public API meets on its first day. */
import fc from 'fast-check';

/** Values that trip naive number parsing, encodings and markup, plus a few valid ones to reach deeper code. */
export const NASTY_VALUES = [
  '1e309',
  '-1e309',
  'NaN',
  '-0',
  '0x10',
  '0b11',
  '0o7',
  'Infinity',
  '-Infinity',
  '1_000',
  '١٢٣',
  '１２３',
  '9007199254740993',
  '99999999999999999999999',
  '0.000000000001',
  '1e-9',
  '-1',
  '1.5',
  '.5',
  '5.',
  '+5',
  ' 5 ',
  '00',
  '0',
  '1',
  '10',
  '11',
  '100000000',
  '4294967296',
  '',
  ' ',
  ',',
  ',,,',
  '%',
  '%%',
  '%zz',
  '%00',
  '%E0%A4%A',
  '%uD800',
  '%C0%AF',
  '%FF%FE',
  '\u0000',
  '\uFFFF',
  '\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '👩‍💻',
  'ǅ',
  'İ',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'",
  '"',
  '\\',
  '../../etc/passwd',
  '\r\nSet-Cookie: x=1',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'x"\u0000usd:1',
  '\u0000usd:1',
  'alpha-nano',
  'ALPHA-LARGE',
  'beta-pro',
  'beta-classic',
  'alpha-nano,beta-pro',
  'alpha-nano,alpha-nano',
  'alpha-nano,,beta-flash',
  'alpha-nano,beta-pro,alpha-large,alpha-mini,beta-flash,beta-classic,a,b,c,d,e',
  'alpha-nan',
  'alpha',
  'beta',
  '128K',
  '1M',
  '1.5M',
  '128k',
  '0K',
  '999999999M',
  'budget',
  'Mid',
  'PREMIUM',
  'low',
  'medium',
  'high',
  'coding',
  'long_context',
  'long-context',
  'vision',
  'standard',
  'batch',
  'cached',
  'streaming',
  'flat',
  'flat-square',
  'social',
  'svg',
  'json',
  'md',
  'url',
  'pdf',
];

/** Parameter names: every one some endpoint knows, plus near misses and junk. */
export const PARAM_NAMES = [
  'model',
  'models',
  'provider',
  'tier',
  'input_tokens',
  'output_tokens',
  'requests',
  'requests_per_day',
  'days',
  'mode',
  'budget',
  'use_case',
  'quality',
  'limit',
  'max_cost',
  'min_context',
  'style',
  'format',
  'Model',
  'MODEL',
  'model[]',
  'model.id',
  'inputTokens',
  'input-tokens',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '%',
  '%00',
  'x"\u0000usd:1',
  '<b>',
  'cb',
  '_',
  'utm_source',
];

/** A string of a few to several thousand characters (ids "thousands of characters long"). */
const hugeValue = fc
  .tuple(fc.constantFrom('a', 'alpha-nano', '9', ',', '%', '%41', 'é', '<', '-'), fc.integer({ min: 200, max: 3000 }))
  .map(([unit, n]) => unit.repeat(n));

const text = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  { weight: 1, arbitrary: hugeValue },
);

/** Text as it travels in a query: percent-encoded, raw (so `&`, `=`, `#` and `%` cut and splice it), or mangled. */
const encoded = (arb: fc.Arbitrary<string>) =>
  fc.tuple(arb, fc.constantFrom('encode', 'encode', 'raw', 'plus', 'double')).map(([s, how]) => {
    switch (how) {
      case 'encode':
        return encodeURIComponent(safeForEncoding(s));
      case 'plus':
        return encodeURIComponent(safeForEncoding(s)).replace(/%20/g, '+');
      case 'double':
        return encodeURIComponent(encodeURIComponent(safeForEncoding(s)));
      default:
        return s;
    }
  });

/** encodeURIComponent throws on lone surrogates; a client would send their replacement bytes. */
function safeForEncoding(s: string): string {
  return s.replace(/[\uD800-\uDFFF]/g, (c, i: number) => {
    const code = c.charCodeAt(0);
    const next = s.charCodeAt(i + 1);
    const prev = s.charCodeAt(i - 1);
    const paired = code < 0xdc00 ? next >= 0xdc00 && next <= 0xdfff : prev >= 0xd800 && prev < 0xdc00;
    return paired ? c : '\uFFFD';
  });
}

const pair = fc
  .tuple(
    encoded(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PARAM_NAMES) }, { weight: 1, arbitrary: text })),
    fc.option(encoded(text)),
  )
  .map(([name, value]) => (value === null ? name : `${name}=${value}`));

/** A whole query string (without `?`): pairs, repeats, odd separators, or raw junk. */
export const queryString = fc.oneof(
  { weight: 8, arbitrary: fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&')) },
  {
    weight: 2,
    // The same parameter several times, with different or equal values.
    arbitrary: fc
      .tuple(fc.constantFrom(...PARAM_NAMES), fc.array(encoded(text), { minLength: 2, maxLength: 4 }))
      .map(([name, values]) => values.map((v) => `${encodeURIComponent(safeForEncoding(name))}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join(';')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
);

/** The request URL for an endpoint path and a query; a trailing `?` alone is sometimes kept. */
export function urlFor(path: string, query: string): string {
  return `http://localhost${path}${query === '' ? '' : `?${query}`}`;
}
