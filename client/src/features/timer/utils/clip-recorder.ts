// The proof clip of a camera run: 160x120, 10 frames a second, WebM (VP8, else VP9), at a bit
// rate that keeps 90 s well under the server's 1 MB (docs/decisions/0158-proof-clips-on-the-device.md).
// Recorded from a clone of the camera's track that the browser itself scales down and thins
// out: no frame is painted by the page, so the face detection keeps its pace. Where the browser
// will not scale the clone, a 160x120 canvas painted 10 times a second is recorded instead.

export const CLIP_WIDTH = 160;
export const CLIP_HEIGHT = 120;
export const CLIP_FPS = 10;
/** 56 kbit/s: about 630 KB for 90 s, under the 1 MB the server takes even when the encoder overshoots. */
export const CLIP_BITS_PER_SECOND = 56_000;
// The server keeps at most 320x240: a clone the browser did not scale is painted small instead.
const MAX_SIDE = 320;

const MIME_TYPES = ['video/webm;codecs=vp8', 'video/webm;codecs=vp9'];

export interface ClipRecording {
  /** Ends the clip: its WebM, or null when nothing usable was recorded. */
  stop(): Promise<Blob | null>;
  /** Ends it and throws it away. */
  cancel(): void;
}

/** The first WebM type this browser records, or null (no MediaRecorder, no WebM). */
export function clipMimeType(): string | null {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function')
    return null;
  return MIME_TYPES.find((m) => MediaRecorder.isTypeSupported(m)) ?? null;
}

/** A small copy of the camera's picture as a track: the browser's own scaling, else a canvas. */
async function smallTrack(
  source: MediaStreamTrack,
  video: HTMLVideoElement,
): Promise<{ stream: MediaStream; release: () => void }> {
  const clone = source.clone();
  try {
    await clone.applyConstraints({
      width: { ideal: CLIP_WIDTH },
      height: { ideal: CLIP_HEIGHT },
      frameRate: { ideal: CLIP_FPS, max: CLIP_FPS },
      resizeMode: 'crop-and-scale',
    } as MediaTrackConstraints);
    const { width = Infinity, height = Infinity } = clone.getSettings();
    if (width <= MAX_SIDE && height <= MAX_SIDE)
      return { stream: new MediaStream([clone]), release: () => clone.stop() };
  } catch {
    // Not scaled: painted below.
  }
  clone.stop();
  const canvas = document.createElement('canvas');
  canvas.width = CLIP_WIDTH;
  canvas.height = CLIP_HEIGHT;
  const ctx = canvas.getContext('2d');
  const paint = () => {
    if (ctx && video.readyState >= 2) ctx.drawImage(video, 0, 0, CLIP_WIDTH, CLIP_HEIGHT);
  };
  paint();
  const timer = window.setInterval(paint, 1000 / CLIP_FPS);
  const stream = canvas.captureStream(CLIP_FPS);
  return {
    stream,
    release: () => {
      window.clearInterval(timer);
      stream.getTracks().forEach((t) => t.stop());
    },
  };
}

/**
 * Starts recording the clip from the camera's stream (the preview `video` only serves the canvas
 * fallback). Null where the browser cannot record WebM: the set is still counted, without a clip.
 */
export async function startClipRecording(
  source: MediaStream,
  video: HTMLVideoElement,
): Promise<ClipRecording | null> {
  const mimeType = clipMimeType();
  const track = source.getVideoTracks()[0];
  if (!mimeType || !track || track.readyState !== 'live') return null;
  const { stream, release } = await smallTrack(track, video);
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: CLIP_BITS_PER_SECOND });
    recorder.start();
  } catch {
    release();
    return null;
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (e.data.size > 0) chunks.push(e.data);
  };
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
    recorder.onerror = () => resolve();
  });
  const end = () => {
    if (recorder.state !== 'inactive') recorder.stop();
  };
  return {
    async stop() {
      end();
      await stopped;
      release();
      return chunks.length > 0 ? new Blob(chunks, { type: 'video/webm' }) : null;
    },
    cancel() {
      end();
      void stopped.then(release);
      chunks.length = 0;
    },
  };
}
