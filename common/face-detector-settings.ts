// The face detector's settings (Human's BlazeFace), one copy for the device's camera count
// (client/src/features/timer/utils/face-detector.ts) and the server's recount of the proof clip
// (server/src/lib/face-track-worker.mjs, handed these by server/src/lib/face-tracker.ts): the
// recount measures the face as the device did (docs/decisions/0279-one-detector-setting-and-a-killed-recount.md).
// Where the files come from (wasm and model paths) is each side's own. Plain data: no zod.

export const FACE_DETECTOR_SETTINGS = {
  backend: 'wasm',
  debug: false,
  async: true,
  warmup: 'none',
  // Every frame is a new measurement: no result caching between frames.
  cacheSensitivity: 0,
  filter: { enabled: false },
  face: {
    enabled: true,
    detector: { enabled: true, rotation: false, maxDetected: 1, minConfidence: 0.3, return: false },
    mesh: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
  },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  gesture: { enabled: false },
  segmentation: { enabled: false },
} as const;

/** A detection's face width (`boxRaw[2]`, a share of the frame width) in thousandths; 0: none. */
export const faceSizeOf = (face: { boxRaw: readonly number[] } | undefined): number =>
  face ? Math.max(1, Math.min(1000, Math.round(face.boxRaw[2]! * 1000))) : 0;
