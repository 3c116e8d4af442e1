import { createTieredParse } from '../../src/validation/tiered-safe-parse.ts';

/**
 * The suite's schema parse: zod's interpreter for a schema's first parses, its compiled parser
 * after (src/validation/tiered-safe-parse.ts). One for the suite's oracles, whatever they judge:
 * its counts choose between two parsers that give the same verdict, so they change no verdict.
 *
 * @example
 * tieredSafeParse(ChatChunkSchema, event).success;
 */
export const tieredSafeParse = createTieredParse();
