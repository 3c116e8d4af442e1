/** English names of common ISO-639-1 codes, as the reference's verbose `language` shows ("english"). */
const NAMES: Readonly<Record<string, string>> = {
  af: 'afrikaans',
  ar: 'arabic',
  bg: 'bulgarian',
  ca: 'catalan',
  cs: 'czech',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  et: 'estonian',
  fa: 'persian',
  fi: 'finnish',
  fr: 'french',
  he: 'hebrew',
  hi: 'hindi',
  hr: 'croatian',
  hu: 'hungarian',
  id: 'indonesian',
  it: 'italian',
  ja: 'japanese',
  ko: 'korean',
  lt: 'lithuanian',
  lv: 'latvian',
  ms: 'malay',
  nl: 'dutch',
  no: 'norwegian',
  pl: 'polish',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sk: 'slovak',
  sl: 'slovenian',
  sr: 'serbian',
  sv: 'swedish',
  sw: 'swahili',
  ta: 'tamil',
  th: 'thai',
  tl: 'tagalog',
  tr: 'turkish',
  uk: 'ukrainian',
  ur: 'urdu',
  vi: 'vietnamese',
  zh: 'chinese',
};

/** ISO-639-1: two letters. Codes outside the table are valid too and are echoed as given. */
export const ISO_639_1 = /^[A-Za-z]{2}$/;

/**
 * The verbose_json `language` value for a code: its English name, or the code itself when the
 * table has no name for it.
 *
 * @example
 * languageName('EN'); // 'english'
 */
export function languageName(code: string): string {
  const c = code.toLowerCase();
  return NAMES[c] ?? c;
}
