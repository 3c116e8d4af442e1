import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { VideoModelSchema } from '../catalog/video-model.ts';
import { ErrorBodySchema } from '../schemas/error-body.ts';
import { ResponsesRequestSchema } from '../schemas/responses-request.ts';
import { ResponsesResultSchema } from '../schemas/responses-result.ts';
import { StreamEventSchema } from '../schemas/stream-events.ts';
import { VideoGenerationRequestSchema, VideoJobSchema } from '../schemas/videos.ts';
import { loadReference, REFERENCE_PATH } from '../../test/support/reference/load-reference.ts';
import {
  referenceExamplesOf,
  REFERENCE_EXAMPLES_FILE,
  type ExampleTarget,
  type ReferenceExample,
} from '../../scripts/reference-examples/extract-reference-examples.ts';

/**
 * Every example of /responses and /videos in OpenRouter's OpenAPI description (renamed to the
 * Gateway API's names) must parse with gatewaykit's own schemas, except the ones listed below,
 * each with the reason gatewaykit deliberately differs.
 */
const SCHEMAS: Record<ExampleTarget, z.ZodType> = {
  'responses-request': ResponsesRequestSchema,
  'responses-result': ResponsesResultSchema,
  'stream-event': StreamEventSchema,
  'error-body': ErrorBodySchema,
  'video-request': VideoGenerationRequestSchema,
  'video-job': VideoJobSchema,
  // The public listing is the catalogue entry without the simulator's private `simulation` profile.
  'video-models': z.object({ data: z.array(VideoModelSchema.omit({ simulation: true })) }),
};

const SPEC_JOB_ID =
  'spec 2.8 gives the job id form gen-vid-<timestamp>-<20 alphanumerics> (pattern in spec 2.7, and the reference README: the spec wins); the reference example uses "job-abc123"';
const SERVER_TOOL_EVENT =
  'an event of a server tool (code interpreter, image generation, apply patch, custom tool, fusion) that the simulator never emits: spec 6.5 shows no other event types, so StreamEventSchema is the closed union of what gatewaykit streams; clients must skip unknown types, which the conformance suite checks';
const TERMINAL_USAGE =
  'terminal events carry the whole response with output and usage (reference README: Responses grammar and "terminal events missing output or usage" among known client pitfalls); the reference example omits usage';

/** Examples gatewaykit rejects on purpose: id -> why. Each entry must still fail (checked below). */
const KNOWN_MISMATCHES: Readonly<Record<string, string>> = {
  'POST /videos 202 application/json example': SPEC_JOB_ID,
  'GET /videos/{jobId} 200 application/json example': SPEC_JOB_ID,
  'components.schemas.VideoGenerationResponse.example': SPEC_JOB_ID,
  'components.schemas.StreamEventsResponseCompleted.example': TERMINAL_USAGE,
  'components.schemas.StreamEventsResponseFailed.example': TERMINAL_USAGE,
  'components.schemas.StreamEventsResponseIncomplete.example': TERMINAL_USAGE,
  ...Object.fromEntries(
    [
      'ApplyPatchCallOperationDiffDeltaEvent',
      'ApplyPatchCallOperationDiffDoneEvent',
      'CodeInterpreterCallCodeDeltaEvent',
      'CodeInterpreterCallCodeDoneEvent',
      'CodeInterpreterCallCompletedEvent',
      'CodeInterpreterCallInProgressEvent',
      'CodeInterpreterCallInterpretingEvent',
      'CustomToolCallInputDeltaEvent',
      'CustomToolCallInputDoneEvent',
      'FusionCallAnalysisCompletedEvent',
      'FusionCallAnalysisInProgressEvent',
      'FusionCallCompletedEvent',
      'FusionCallInProgressEvent',
      'FusionCallPanelAddedEvent',
      'FusionCallPanelCompletedEvent',
      'FusionCallPanelDeltaEvent',
      'FusionCallPanelFailedEvent',
      'FusionCallPanelReasoningDeltaEvent',
      'ImageGenCallCompletedEvent',
      'ImageGenCallGeneratingEvent',
      'ImageGenCallInProgressEvent',
      'ImageGenCallPartialImageEvent',
    ].map((name) => [`components.schemas.${name}.example`, SERVER_TOOL_EVENT]),
  ),
};

const examples = JSON.parse(readFileSync(REFERENCE_EXAMPLES_FILE, 'utf8')) as ReferenceExample[];

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `${issue.path.join('.') || '(root)'}: ${issue.message}`;
}

describe('reference examples parse with gatewaykit schemas', () => {
  test('the extraction covers requests, results, stream events, errors and video jobs', () => {
    const targets = new Set(examples.map((e) => e.target));
    expect([...targets].sort()).toEqual(Object.keys(SCHEMAS).sort());
    expect(examples.length).toBeGreaterThan(80);
  });

  // The reference as the other tests read it: parsed once and kept by the YAML's hash (a changed
  // reference is parsed again), so the drift check does not parse 1.3 MB of YAML on every run.
  test.skipIf(!existsSync(REFERENCE_PATH))('the committed extraction matches the reference (no drift)', () => {
    const fresh = referenceExamplesOf(loadReference());
    expect(fresh).toEqual(examples);
  });

  test('every example parses, except the reasoned allow-list', () => {
    const failures: Record<string, string> = {};
    for (const example of examples) {
      const parsed = SCHEMAS[example.target].safeParse(example.value);
      if (!parsed.success) failures[example.id] = firstIssue(parsed.error);
    }
    const unexpected = Object.fromEntries(Object.entries(failures).filter(([id]) => !(id in KNOWN_MISMATCHES)));
    expect(unexpected).toEqual({});
    // The allow-list stays honest: each entry still fails, and for the reason it gives.
    const stale = Object.keys(KNOWN_MISMATCHES).filter((id) => !(id in failures));
    expect(stale).toEqual([]);
  });

  test('every allow-list entry names a real example and says why', () => {
    const ids = new Set(examples.map((e) => e.id));
    for (const [id, reason] of Object.entries(KNOWN_MISMATCHES)) {
      expect(ids.has(id), id).toBe(true);
      expect(reason.length, id).toBeGreaterThan(20);
    }
  });
});
