/** spec 2.7: the aspect ratios a video request may ask for. */
export const VIDEO_ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '3:2', '2:3', '21:9', '9:21'] as const;
/** spec 2.7: the resolutions a video request may ask for (the spec adds `360p` to the reference's list). */
export const VIDEO_RESOLUTIONS = ['360p', '480p', '720p', '768p', '1080p', '1K', '2K', '4K'] as const;
/** spec 2.7 `frame_images[].frame_type`. */
export const VIDEO_FRAME_TYPES = ['first_frame', 'last_frame'] as const;
/** spec 2.7 `input_references[]` kinds. */
export const VIDEO_REFERENCE_KINDS = ['image', 'audio', 'video'] as const;

export type VideoAspectRatio = (typeof VIDEO_ASPECT_RATIOS)[number];
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];
export type VideoFrameType = (typeof VIDEO_FRAME_TYPES)[number];
export type VideoReferenceKind = (typeof VIDEO_REFERENCE_KINDS)[number];
