import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AVATAR_MAX_PX } from '@common/constants';
import { toast } from '@/components/ui/use-toast';
import { squareCrop } from '../utils/square-crop';

export type CameraState = 'off' | 'live' | 'captured';

const JPEG_QUALITY = 0.85;

/**
 * The camera for a profile photo: off -> live (getUserMedia preview) -> captured (retake goes
 * live again). Tracks stop on capture, on stop() and when the component unmounts.
 */
export function useCamera() {
  const [state, setState] = useState<CameraState>('off');
  const [starting, setStarting] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  // Bumped by stop(): a getUserMedia answer arriving after it is released at once.
  const generation = useRef(0);

  const releaseStream = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const start = useCallback(async () => {
    const gen = ++generation.current;
    setStarting(true);
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API');
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      if (gen !== generation.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      releaseStream();
      streamRef.current = stream;
      setState('live');
    } catch {
      if (gen !== generation.current) return;
      releaseStream();
      setState('off');
      toast({
        title: t`Camera Error`,
        description: t`Could not access your camera. Please check permissions.`,
        variant: 'destructive',
      });
    } finally {
      if (gen === generation.current) setStarting(false);
    }
  }, [releaseStream]);

  /** Turns the camera off and forgets any photo. */
  const stop = useCallback(() => {
    generation.current += 1;
    releaseStream();
    setStarting(false);
    setPhoto(null);
    setState('off');
  }, [releaseStream]);

  /** The live frame, centre-cropped to a square of at most AVATAR_MAX_PX, as a JPEG data URL. */
  const capture = useCallback((): string | null => {
    try {
      const video = videoRef.current;
      if (!video || !streamRef.current || video.videoWidth === 0 || video.videoHeight === 0)
        throw new Error('No frame yet');
      const { sx, sy, side, out } = squareCrop(video.videoWidth, video.videoHeight, AVATAR_MAX_PX);
      const canvas = document.createElement('canvas');
      canvas.width = out;
      canvas.height = out;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('No 2D context');
      ctx.drawImage(video, sx, sy, side, side, 0, 0, out, out);
      const url = canvas.toDataURL('image/jpeg', JPEG_QUALITY);
      if (!url.startsWith('data:image/jpeg;base64,')) throw new Error('JPEG encoding failed');
      releaseStream();
      setPhoto(url);
      setState('captured');
      return url;
    } catch {
      toast({ title: t`Error`, description: t`Failed to capture image`, variant: 'destructive' });
      return null;
    }
  }, [releaseStream]);

  /** Ref callback for the preview <video>: shows the live stream. */
  const attachVideo = useCallback((el: HTMLVideoElement | null) => {
    videoRef.current = el;
    if (el && streamRef.current && el.srcObject !== streamRef.current)
      el.srcObject = streamRef.current;
  }, []);

  useEffect(
    () => () => {
      generation.current += 1;
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    },
    [],
  );

  /** Drops the photo and goes live again. */
  const retake = useCallback(() => {
    setPhoto(null);
    void start();
  }, [start]);

  return { state, starting, photo, start, stop, capture, retake, attachVideo };
}
