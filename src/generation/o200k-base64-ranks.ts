import { base64Bytes } from './base64-bytes.ts';
import { O200K_TABLE } from './o200k-table.ts';
import { rankTableFrom, type RankTable } from './rank-table.ts';

/**
 * The o200k_base vocabulary with its hash table, decoded from the base64 module and the hash table
 * built on load (about 50 ms): where there is no file system to read the binary image from, as in
 * browsers (see {@link loadO200kRanks}).
 */
export const o200kBase64Ranks: RankTable = rankTableFrom(base64Bytes(O200K_TABLE));
