import { decode as decodeTokens, encode as encodeText } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The o200k_base encoding (GPT-4o's) of gpt-tokenizer, and nothing else of that package. The
 * published build bundles this module with the tables it reads (about 3.4 MB) in place of the
 * whole package (30 MB installed, every encoding in three module formats), so gpt-tokenizer is
 * a development dependency only. Typed here so the declarations name no package.
 */
export const encode: (text: string, options?: { disallowedSpecial?: Set<string> }) => number[] = encodeText;
export const decode: (tokens: Iterable<number>) => string = decodeTokens;
