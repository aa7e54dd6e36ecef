// Debian's Chromium and the flags every launch of it uses here (Playwright's own download does
// not work on these machines). The e2e config, the camera spec and the benches all launch from
// this list, so a flag is added in one place.

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, no sandbox (root), and no background calls to hosts this machine cannot reach. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fake camera that is granted without a prompt; with `clip`, it plays that .y4m file. */
export function fakeCameraArgs(clip?: string): string[] {
  return [
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    ...(clip ? [`--use-file-for-fake-video-capture=${clip}`] : []),
  ];
}
