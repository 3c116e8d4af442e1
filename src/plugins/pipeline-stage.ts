/** reference `PipelineStageType`. */
export type PipelineStageType = 'guardrail' | 'plugin' | 'server_tools' | 'response_healing' | 'context_compression';

/** One entry of `gateway_metadata.pipeline` (spec 2.6; reference `PipelineStage`). */
export interface PipelineStage {
  type: PipelineStageType;
  /** The plugin id that ran (`web`, `auto-router`, `moderation`, ...). */
  name: string;
  summary: string;
  data?: Record<string, unknown>;
  guardrail_id?: string;
  guardrail_scope?: string;
}
