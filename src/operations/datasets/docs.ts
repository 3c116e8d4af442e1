import { z } from 'zod';
import { APP_SORTS } from '../../datasets/app-rankings-query.ts';
import { APP_CATEGORY_NAMES, APP_SUBCATEGORY_NAMES } from '../../datasets/published-apps.ts';
import { TURN_RANGE_NAMES } from '../../datasets/session-cost-query.ts';
import {
  RankingsCategorySchema,
  RankingsContextBucketSchema,
  RankingsDailyResponseSchema,
  RankingsLanguageTypeSchema,
  RankingsModalitySchema,
  RankingsPeriodSchema,
} from '../../schemas/rankings-daily.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';
import { dataAndMeta } from '../../openapi/shared-components.ts';

/** The datasets operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'datasets.app-rankings.get': {
      tag: 'Datasets',
      description:
        'The public apps ranked by tokens in the window (`popular`) or by excess growth over the three periods before it (`trending`); `category`/`subcategory` filter, ranks stay absolute under `offset`. Deterministic for the seed and clock.',
      successStatus: 200,
      success: { 'application/json': 'AppRankingsResponse' },
      parameters: [
        { name: 'category', in: 'query', description: 'Marketplace category group.', schema: z.enum(APP_CATEGORY_NAMES) },
        {
          name: 'subcategory',
          in: 'query',
          description: 'Marketplace subcategory (must belong to `category` when both are given).',
          schema: z.enum(APP_SUBCATEGORY_NAMES),
        },
        { name: 'sort', in: 'query', description: '`popular` (default) or `trending`.', schema: z.enum(APP_SORTS) },
        { name: 'start_date', in: 'query', description: 'First UTC day, YYYY-MM-DD (default 30 days before end_date).', schema: z.string() },
        { name: 'end_date', in: 'query', description: 'Last UTC day, YYYY-MM-DD (default the last complete day).', schema: z.string() },
        { name: 'limit', in: 'query', description: '1..100, default 50.', schema: z.number().int().min(1).max(100) },
        { name: 'offset', in: 'query', description: '0..100, default 0.', schema: z.number().int().min(0).max(100) },
        ...SIMULATION_HEADERS,
      ],
    },
    'datasets.session-cost.get': {
      tag: 'Datasets',
      description:
        'Median cost per session by harness, model and turn range: the published harness cells (from the catalogue prices) plus the sessions this gateway recorded in the last 30 days (generations with a `session_id` or `X-Session-Id`, attributed to the host of their `HTTP-Referer`, else `direct`).',
      successStatus: 200,
      success: { 'application/json': 'SessionCostResponse' },
      parameters: [
        { name: 'app_slug', in: 'query', description: 'One harness slug.', schema: z.string() },
        { name: 'model', in: 'query', description: 'Exact model permaslug.', schema: z.string() },
        { name: 'turn_range', in: 'query', description: 'Turns in a session.', schema: z.enum(TURN_RANGE_NAMES) },
        { name: 'limit', in: 'query', description: '1..500, default 100.', schema: z.number().int().min(1).max(500) },
        { name: 'offset', in: 'query', description: '0..5000, default 0.', schema: z.number().int().min(0).max(5000) },
        ...SIMULATION_HEADERS,
      ],
    },
    'datasets.rankings-daily.get': {
      tag: 'Datasets',
      description: 'spec 4.4: query parameters `category`, `context_bucket`, `language_type`, `modality`, `period`.',
      successStatus: 200,
      success: { 'application/json': 'RankingsDailyResponse' },
      parameters: [
        { name: 'start_date', in: 'query', description: 'First UTC day, YYYY-MM-DD (default 30 days before end_date).', schema: z.string() },
        { name: 'end_date', in: 'query', description: 'Last UTC day, YYYY-MM-DD (default the last complete day).', schema: z.string() },
        { name: 'period', in: 'query', description: 'Grain of the rows.', schema: RankingsPeriodSchema },
        { name: 'modality', in: 'query', description: 'Filter by modality.', schema: RankingsModalitySchema },
        { name: 'context_bucket', in: 'query', description: 'Filter by context length bucket.', schema: RankingsContextBucketSchema },
        { name: 'category', in: 'query', description: 'Filter by task category.', schema: RankingsCategorySchema },
        { name: 'language_type', in: 'query', description: 'Filter by language type.', schema: RankingsLanguageTypeSchema },
        ...SIMULATION_HEADERS,
      ],
    },
  },
  components: {
    answers: {
      RankingsDailyResponse: RankingsDailyResponseSchema,
    },
    written: {
      AppRankingsResponse: dataAndMeta({ type: 'object', required: ['rank', 'app_id', 'app_name', 'total_tokens', 'total_requests'] }, [
        'as_of',
        'version',
        'start_date',
        'end_date',
      ]),
      SessionCostResponse: dataAndMeta({ type: 'object', required: ['app_slug', 'app_name', 'turn_range', 'model_permaslug', 'median_session_cost_usd'] }, [
        'as_of',
        'version',
        'window_days',
        'window_end_date',
      ]),
    },
  },
};
