import { useCallback, useEffect, useRef, useState } from 'react';
import { calibrateTop, initialRepState, stepReps, type RepState } from '@common/rep-counter';
import { initialDip, stepDip, TOP_MAX, type DipState } from '@common/rep-hints';
import {
  TRACE_MAX_SAMPLES,
  TRACE_RUN_MS,
  VERIFICATION_METHOD,
  type Verification,
} from '@common/schemas/verification';
import { startClipRecording, type ClipRecording } from '../utils/clip-recorder';
import { loadFaceDetector, type FaceDetector } from '../utils/face-detector';

/** off -> starting (camera + model) -> ready -> calibrating -> calibrated; failed on any error. */
export type CameraStatus = 'off' | 'starting' | 'ready' | 'calibrating' | 'calibrated';

/** Why "Set top position" did not set it: no face in most frames, or a face too close to count. */
export type CalibrationProblem = 'no-face' | 'too-close';

/** The last rep that did not go deep enough (`seq` tells two equal ones apart). */
export interface DepthHint {
  deepest: number;
  seq: number;
}

export interface CameraResult {
  count: number;
  verification: Verification;
  /**
   * The run's proof clip, kept on the device (lib/offline/clips.ts) until the set is saved with
   * the mark; absent when none was recorded or the camera counted nothing.
   */
  clipId?: string;
}

const CALIBRATION_MS = 1000;
// "Face found" survives a few missed frames: the status does not flicker at every one.
const FACE_LOST_MS = 700;
/** Frames in a row with a face before the screen says "Camera ready": one frame can be a false
 * match (Chromium's fake camera pattern gave one under load), a real face stays in view. */
const FACE_FOUND_FRAMES = 3;
// At most 30 samples a second: the trace stays under its cap over the 90 s.
const MIN_SAMPLE_GAP_MS = 1000 / 30;

interface Run {
  goAt: number;
  state: RepState;
  dip: DipState;
  t: number[];
  s: number[];
  /** The proof clip, started at "Go" (the first sample of the run). */
  clip?: Promise<ClipRecording | null>;
}

// Names a clip on this device only (crypto.randomUUID is missing on plain-HTTP origins).
const newClipId = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const cancelClip = (r: Run | null) => void r?.clip?.then((c) => c?.cancel());

export class CameraUnavailableError extends Error {}

function nextFrame(video: HTMLVideoElement): Promise<void> {
  return new Promise((resolve) => {
    if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(() => resolve());
    else requestAnimationFrame(() => resolve());
  });
}

/**
 * The camera side of a timer run: opens the front camera, loads the face detector, calibrates the
 * top position, and during the run feeds each frame's face size to the shared rep counter
 * (common/rep-counter.ts), keeping the trace the server checks. Frames never leave the page.
 */
export function useCameraReps() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [status, setStatus] = useState<CameraStatus>('off');
  const [count, setCount] = useState(0);
  const [faceSeen, setFaceSeen] = useState(false);
  const [calibrationProblem, setCalibrationProblem] = useState<CalibrationProblem | null>(null);
  const [hint, setHint] = useState<DepthHint | null>(null);
  const lastFaceAt = useRef(Number.NEGATIVE_INFINITY);
  const stream = useRef<MediaStream | null>(null);
  const active = useRef(false);
  const top = useRef<number | null>(null);
  const calibration = useRef<{ from: number; sizes: number[] } | null>(null);
  const run = useRef<Run | null>(null);
  const detections = useRef(0);
  const faceRun = useRef(0);

  const onSample = useCallback((now: number, size: number) => {
    detections.current += 1;
    videoRef.current?.setAttribute('data-detections', String(detections.current));
    faceRun.current = size > 0 ? faceRun.current + 1 : 0;
    // Once found, any frame with a face keeps it found; finding it first takes a run of frames.
    const found = now - lastFaceAt.current <= FACE_LOST_MS;
    if (size > 0 && (found || faceRun.current >= FACE_FOUND_FRAMES)) lastFaceAt.current = now;
    setFaceSeen(now - lastFaceAt.current <= FACE_LOST_MS);
    const cal = calibration.current;
    if (cal) {
      cal.sizes.push(size);
      if (now - cal.from >= CALIBRATION_MS) {
        calibration.current = null;
        const value = calibrateTop(cal.sizes);
        // A face over ~55 % of the frame cannot grow 1.8x inside it: no rep could ever count.
        const problem = value === null ? 'no-face' : value > TOP_MAX ? 'too-close' : null;
        top.current = problem ? null : value;
        setCalibrationProblem(problem);
        setStatus(problem ? 'ready' : 'calibrated');
      }
    }
    const r = run.current;
    if (!r || top.current === null) return;
    const t = Math.round(now - r.goAt);
    if (t >= 0 && !r.clip && stream.current && videoRef.current)
      r.clip = startClipRecording(stream.current, videoRef.current).catch(() => null);
    if (t < 0 || t > TRACE_RUN_MS || r.t.length >= TRACE_MAX_SAMPLES) return;
    const last = r.t[r.t.length - 1];
    if (last !== undefined && t - last < MIN_SAMPLE_GAP_MS) return;
    r.t.push(t);
    r.s.push(size);
    const before = r.state.reps;
    r.state = stepReps(r.state, t, size, top.current);
    if (r.state.reps !== before) {
      setCount(r.state.reps);
      setHint(null);
    }
    const dip = stepDip(r.dip, t, size, top.current);
    r.dip = dip.dip;
    if (dip.shallow !== null) {
      const deepest = dip.shallow;
      setHint((h) => ({ deepest, seq: (h?.seq ?? 0) + 1 }));
    }
  }, []);

  const loop = useCallback(
    async (detector: FaceDetector, video: HTMLVideoElement) => {
      while (active.current) {
        await nextFrame(video);
        if (!active.current) return;
        const size = await detector.faceSize(video);
        if (!active.current) return;
        onSample(performance.now(), size);
      }
    },
    [onSample],
  );

  const stop = useCallback(() => {
    active.current = false;
    // A run still going (not finished) takes its clip with it.
    cancelClip(run.current);
    stream.current?.getTracks().forEach((tr) => tr.stop());
    stream.current = null;
    calibration.current = null;
    setStatus('off');
  }, []);

  /** Opens the camera and loads the model; throws CameraUnavailableError when it cannot. */
  const start = useCallback(async () => {
    setStatus('starting');
    setCalibrationProblem(null);
    lastFaceAt.current = Number.NEGATIVE_INFINITY;
    faceRun.current = 0;
    setFaceSeen(false);
    top.current = null;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailableError('No camera');
      const [media, detector] = await Promise.all([
        navigator.mediaDevices
          .getUserMedia({
            video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
            audio: false,
          })
          .catch((err: unknown) => {
            throw new CameraUnavailableError(err instanceof Error ? err.message : 'No camera');
          }),
        loadFaceDetector(),
      ]);
      stream.current = media;
      const video = videoRef.current;
      if (!video) throw new CameraUnavailableError('No video element');
      video.srcObject = media;
      await video.play();
      // One detection before "ready": the model's first run compiles its kernels.
      await detector.faceSize(video);
      active.current = true;
      setStatus('ready');
      void loop(detector, video).catch(() => stop());
    } catch (err) {
      stop();
      throw err;
    }
  }, [loop, stop]);

  const calibrate = useCallback(() => {
    calibration.current = { from: performance.now(), sizes: [] };
    setCalibrationProblem(null);
    setStatus('calibrating');
  }, []);

  /** Starts recording at `goAt` (performance.now() time of "Go"). */
  const beginRun = useCallback((goAt: number) => {
    run.current = { goAt, state: initialRepState(), dip: initialDip(), t: [], s: [] };
    setCount(0);
    setHint(null);
  }, []);

  /** Ends the run and returns the count and its trace (null when the camera was not counting). */
  const finishRun = useCallback((): CameraResult | null => {
    const r = run.current;
    run.current = null;
    if (!r || top.current === null) {
      cancelClip(r);
      return null;
    }
    const result: CameraResult = {
      count: r.state.reps,
      verification: { method: VERIFICATION_METHOD, trace: { top: top.current, t: r.t, s: r.s } },
    };
    // No count, no mark: a clip would never be wanted.
    if (!r.clip || r.state.reps === 0) {
      cancelClip(r);
      return result;
    }
    const clipId = newClipId();
    const blob = r.clip.then((c) => c?.stop() ?? null);
    void import('@/lib/offline/clips').then(({ keepClip }) => keepClip(clipId, blob));
    return { ...result, clipId };
  }, []);

  const cancelRun = useCallback(() => {
    cancelClip(run.current);
    run.current = null;
    setCount(0);
    setHint(null);
  }, []);

  // Leaving the screen turns the camera off.
  useEffect(
    () => () => {
      active.current = false;
      cancelClip(run.current);
      stream.current?.getTracks().forEach((tr) => tr.stop());
    },
    [],
  );

  return {
    videoRef,
    status,
    count,
    faceSeen,
    calibrationProblem,
    hint,
    start,
    stop,
    calibrate,
    beginRun,
    finishRun,
    cancelRun,
  };
}
