import { useCallback, useEffect, useRef, useState } from 'react';
import { calibrateTop, initialRepState, stepReps, type RepState } from '@common/rep-counter';
import {
  TRACE_MAX_SAMPLES,
  TRACE_RUN_MS,
  VERIFICATION_METHOD,
  type Verification,
} from '@common/schemas/verification';
import { loadFaceDetector, type FaceDetector } from '../utils/face-detector';

/** off -> starting (camera + model) -> ready -> calibrating -> calibrated; failed on any error. */
export type CameraStatus = 'off' | 'starting' | 'ready' | 'calibrating' | 'calibrated';

export interface CameraResult {
  count: number;
  verification: Verification;
}

const CALIBRATION_MS = 1000;
// At most 30 samples a second: the trace stays under its cap over the 90 s.
const MIN_SAMPLE_GAP_MS = 1000 / 30;

interface Run {
  goAt: number;
  state: RepState;
  t: number[];
  s: number[];
}

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
  const [calibrationFailed, setCalibrationFailed] = useState(false);
  const stream = useRef<MediaStream | null>(null);
  const active = useRef(false);
  const top = useRef<number | null>(null);
  const calibration = useRef<{ from: number; sizes: number[] } | null>(null);
  const run = useRef<Run | null>(null);
  const detections = useRef(0);

  const onSample = useCallback((now: number, size: number) => {
    detections.current += 1;
    videoRef.current?.setAttribute('data-detections', String(detections.current));
    setFaceSeen(size > 0);
    const cal = calibration.current;
    if (cal) {
      cal.sizes.push(size);
      if (now - cal.from >= CALIBRATION_MS) {
        calibration.current = null;
        const value = calibrateTop(cal.sizes);
        top.current = value;
        setCalibrationFailed(value === null);
        setStatus(value === null ? 'ready' : 'calibrated');
      }
    }
    const r = run.current;
    if (!r || top.current === null) return;
    const t = Math.round(now - r.goAt);
    if (t < 0 || t > TRACE_RUN_MS || r.t.length >= TRACE_MAX_SAMPLES) return;
    const last = r.t[r.t.length - 1];
    if (last !== undefined && t - last < MIN_SAMPLE_GAP_MS) return;
    r.t.push(t);
    r.s.push(size);
    const before = r.state.reps;
    r.state = stepReps(r.state, t, size, top.current);
    if (r.state.reps !== before) setCount(r.state.reps);
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
    stream.current?.getTracks().forEach((tr) => tr.stop());
    stream.current = null;
    calibration.current = null;
    setStatus('off');
  }, []);

  /** Opens the camera and loads the model; throws CameraUnavailableError when it cannot. */
  const start = useCallback(async () => {
    setStatus('starting');
    setCalibrationFailed(false);
    top.current = null;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new CameraUnavailableError('No camera');
      const [media, detector] = await Promise.all([
        navigator.mediaDevices
          .getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false })
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
    setCalibrationFailed(false);
    setStatus('calibrating');
  }, []);

  /** Starts recording at `goAt` (performance.now() time of "Go"). */
  const beginRun = useCallback((goAt: number) => {
    run.current = { goAt, state: initialRepState(), t: [], s: [] };
    setCount(0);
  }, []);

  /** Ends the run and returns the count and its trace (null when the camera was not counting). */
  const finishRun = useCallback((): CameraResult | null => {
    const r = run.current;
    run.current = null;
    if (!r || top.current === null) return null;
    return {
      count: r.state.reps,
      verification: { method: VERIFICATION_METHOD, trace: { top: top.current, t: r.t, s: r.s } },
    };
  }, []);

  const cancelRun = useCallback(() => {
    run.current = null;
    setCount(0);
  }, []);

  // Leaving the screen turns the camera off.
  useEffect(
    () => () => {
      active.current = false;
      stream.current?.getTracks().forEach((tr) => tr.stop());
    },
    [],
  );

  return { videoRef, status, count, faceSeen, calibrationFailed, start, stop, calibrate, beginRun, finishRun, cancelRun };
}
