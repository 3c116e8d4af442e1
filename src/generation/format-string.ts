import type { SeededRandom } from '../random/seeded-random.ts';

const WORDS = ['alpha', 'river', 'maple', 'harbor', 'lantern', 'meadow', 'copper', 'summit', 'orchid', 'velvet', 'Paris', 'Lisbon', 'Kyoto'];

const two = (n: number) => String(n).padStart(2, '0');

/** First and last names for emails (ASCII: the `email` format's local part is ASCII). */
const FIRST_NAMES = ['ada', 'grace', 'alan', 'zoe', 'kenji', 'amara', 'lucas', 'ines'];
const LAST_NAMES = ['lovelace', 'hopper', 'turing', 'martin', 'sato', 'okafor', 'silva', 'berg'];

/**
 * A string of a JSON Schema `format` (draft 2020-12 section 7.3, plus the OpenAPI `byte`,
 * `binary` and `password`), drawn from `rng`; undefined for a format it does not know (the
 * caller then writes a plain word, as validators ignore unknown formats).
 *
 * @example
 * formatString('date', rng); // '2026-07-14'
 */
export function formatString(format: string, rng: SeededRandom): string | undefined {
  switch (format) {
    case 'date-time':
      return new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59), rng.int(0, 59))).toISOString().replace('.000Z', 'Z');
    case 'date':
      return new Date(Date.UTC(2026, rng.int(0, 11), rng.int(1, 28))).toISOString().slice(0, 10);
    case 'time':
      return `${String(rng.int(0, 23)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}:00Z`;
    case 'duration':
      return `P${rng.int(1, 30)}DT${rng.int(0, 23)}H`;
    case 'email':
    case 'idn-email':
      return `${rng.pick(FIRST_NAMES)}.${rng.pick(LAST_NAMES)}@example.com`;
    case 'uri':
    case 'url':
    case 'iri':
    case 'uri-reference':
    case 'iri-reference':
      return `https://example.com/${rng.pick(WORDS).toLowerCase()}`;
    case 'uri-template':
      return `https://example.com/${rng.pick(WORDS).toLowerCase()}/{id}`;
    case 'hostname':
    case 'idn-hostname':
      return `${rng.pick(WORDS).toLowerCase()}.example.com`;
    case 'uuid': {
      const hex = () => rng.int(0, 15).toString(16);
      const part = (n: number) => Array.from({ length: n }, hex).join('');
      return `${part(8)}-${part(4)}-4${part(3)}-${rng.pick(['8', '9', 'a', 'b'])}${part(3)}-${part(12)}`;
    }
    case 'ipv4':
      return `192.0.2.${rng.int(1, 254)}`;
    case 'ipv6':
      return `2001:db8::${rng.int(1, 0xfffe).toString(16)}`;
    case 'json-pointer':
      return `/${rng.pick(WORDS).toLowerCase()}/${rng.int(0, 9)}`;
    case 'relative-json-pointer':
      return `${rng.int(0, 3)}/${rng.pick(WORDS).toLowerCase()}`;
    case 'regex':
      return `^${rng.pick(WORDS).toLowerCase()}[0-9]+$`;
    case 'byte':
      // RFC 4648 base64 of a word.
      return btoa(rng.pick(WORDS));
    case 'binary':
    case 'password':
      return rng.alphanumeric(12);
    case 'full-date':
      return `2026-${two(rng.int(1, 12))}-${two(rng.int(1, 28))}`;
    default:
      return undefined;
  }
}
