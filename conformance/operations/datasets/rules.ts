import { spec, ref, type Rule } from '../../rules/rule.ts';

/** The rules of GET /datasets/rankings-daily (spec 4.4). */
export const DATASETS_RULES: readonly Rule[] = [
  // Operations of spec 4.4 (reference shapes)
  spec('datasets.auth', '4.4, 5.2', 'GET /datasets/rankings-daily without a key is 401 with the envelope.'),
  ref(
    'datasets.rankings-order',
    '4.4',
    'Rankings rows are sorted by date, then total_tokens descending (ties alphabetical), top 50 per date plus one "other" row last; each grain keeps its dates.',
  ),
  ref('datasets.start-date-clamp', '4.4', 'A start_date before 2025-01-01 is clamped to that floor and echoed in meta.start_date.'),
  ref('datasets.query-validation', '4.4, 7', 'Malformed dates, unknown enum values and forbidden filter combinations are refused with 400.'),
];
