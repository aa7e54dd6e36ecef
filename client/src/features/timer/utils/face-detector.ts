// Loads the face detector only when a member chooses "Count with camera": Human's BlazeFace model
// on TensorFlow.js' WebAssembly backend, all files served by this app from /camera/ (copied there
// by the build, see vite.config.ts). Nothing is fetched from another host and no frame leaves the
// device. Choice and measured alternatives: docs/decisions/0051-face-detection-model.md.
// Its settings are shared with the server's recount: common/face-detector-settings.ts.
import { FACE_DETECTOR_SETTINGS, faceSizeOf } from '@common/face-detector-settings';

export const CAMERA_ASSETS = '/camera/';

interface HumanResult {
  face: { boxRaw: [number, number, number, number]; score: number }[];
}
interface HumanInstance {
  load(): Promise<void>;
  detect(input: HTMLVideoElement): Promise<HumanResult>;
}
type HumanModule = { Human: new (config: object) => HumanInstance };

declare global {
  interface Window {
    Human?: HumanModule;
  }
}

let script: Promise<HumanModule> | null = null;

function loadScript(): Promise<HumanModule> {
  script ??= new Promise<HumanModule>((resolve, reject) => {
    if (window.Human) return resolve(window.Human);
    const el = document.createElement('script');
    el.src = `${CAMERA_ASSETS}human.js`;
    el.async = true;
    el.onload = () =>
      window.Human ? resolve(window.Human) : reject(new Error('The face model did not load.'));
    el.onerror = () => reject(new Error('The face model could not be loaded.'));
    document.head.append(el);
  }).catch((err: unknown) => {
    script = null;
    throw err;
  });
  return script;
}

const CONFIG = {
  ...FACE_DETECTOR_SETTINGS,
  wasmPath: CAMERA_ASSETS,
  modelBasePath: `${CAMERA_ASSETS}models/`,
};

export interface FaceDetector {
  /** The face's width in thousandths of the frame width; 0 when no face is seen. */
  faceSize(video: HTMLVideoElement): Promise<number>;
}

let detector: Promise<FaceDetector> | null = null;

/** One detector per page, loaded on first use. */
export function loadFaceDetector(): Promise<FaceDetector> {
  detector ??= (async () => {
    const { Human } = await loadScript();
    const human = new Human(CONFIG);
    await human.load();
    return {
      async faceSize(video: HTMLVideoElement) {
        const result = await human.detect(video);
        return faceSizeOf(result.face[0]);
      },
    };
  })().catch((err: unknown) => {
    detector = null;
    throw err;
  });
  return detector;
}
