import { z } from 'zod';
import {
  BENCHMARK_SOURCES,
  BENCHMARK_TASK_TYPES,
  CLASSIC_BENCHMARKS,
  DESIGN_ARENAS,
  SEARCH_BENCHMARKS,
  SEARCH_SURFACES,
} from '../../datasets/benchmarks-query.ts';
import type { OperationDocs } from '../../openapi/operation-doc.ts';
import { SIMULATION_HEADERS } from '../../openapi/common-parameters.ts';
import { dataAndMeta } from '../../openapi/shared-components.ts';

/** The benchmarks operation in `/openapi.json`: each endpoint's prose, parameters and shapes, and the component schemas they name. */
export const docs: OperationDocs = {
  endpoints: {
    'benchmarks.get': {
      tag: 'Benchmarks',
      description:
        "Artificial Analysis indexes, Design Arena rankings and OpenRouter evals (classic and search) for the catalogue's models, derived from one strength per model so the sources agree; filter by `source`, `task_type`, `benchmark_type` and the per-source filters.",
      successStatus: 200,
      success: { 'application/json': 'UnifiedBenchmarksResponse' },
      parameters: [
        { name: 'source', in: 'query', description: 'One source; all when absent.', schema: z.enum(BENCHMARK_SOURCES) },
        { name: 'task_type', in: 'query', description: 'Workload filter.', schema: z.enum(BENCHMARK_TASK_TYPES) },
        { name: 'benchmark_type', in: 'query', description: 'One OpenRouter benchmark.', schema: z.enum([...CLASSIC_BENCHMARKS, ...SEARCH_BENCHMARKS]) },
        { name: 'include_run_config', in: 'query', description: 'Search items carry their run configuration.', schema: z.boolean() },
        { name: 'search_engine', in: 'query', description: 'Search items of this engine only.', schema: z.string() },
        { name: 'search_surface', in: 'query', description: 'Search items of this surface only.', schema: z.enum(SEARCH_SURFACES) },
        { name: 'arena', in: 'query', description: 'Design Arena arena (default models).', schema: z.enum(DESIGN_ARENAS) },
        { name: 'category', in: 'query', description: 'Design Arena category.', schema: z.string() },
        { name: 'max_results', in: 'query', description: 'At most this many items.', schema: z.number().int().min(1) },
        ...SIMULATION_HEADERS,
      ],
    },
  },
  components: {
    written: {
      UnifiedBenchmarksResponse: dataAndMeta({ type: 'object', required: ['source', 'model_permaslug', 'display_name'] }, [
        'as_of',
        'version',
        'source',
        'source_url',
        'citation',
        'model_count',
        'task_type',
      ]),
    },
  },
};
