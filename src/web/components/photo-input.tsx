// The optional photo (spec §4 photo states): placeholder -> loading (upload progress) -> uploaded
// preview, or error; removing it returns to the placeholder. A photo comes from a file or from
// the camera (400x400 JPEG, centre crop). Each upload carries its own solved bot check: the input
// solves one in the background as soon as the visitor turns to it, so nobody is asked again.
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMERA_CAPTURE_SIZE, CAMERA_CAPTURE_TYPE, MAX_UPLOAD_BYTES } from '#shared/limits.ts';
import { PhotoUploadFailure, photoUrl, saveTempPharmacistImage, type PhotoUploadError, type UploadedPhoto } from '../lib/api/save-temp-pharmacist-image.ts';
import { useHydrating } from '../lib/hydration.ts';
import { dropKeptPhoto, isKeptPhoto, keepPhoto, keptPhotoUrl } from '../lib/offline-photos.ts';
import { solveBotCheck } from '../lib/solve-bot-check.ts';
import { ErrorMessage, Hint, describedBy } from './field.tsx';
import './components.css';

export interface PhotoInputProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A validation error from the form, already translated. */
  error?: string;
  /** The uploaded photo's file name, or '' for none. */
  filename: string;
  onChange: (photo: UploadedPhoto | null) => void;
  /** Allowed MIME types (default: any image). */
  accept?: readonly string[];
  /** Text for a file of another type (default: the generic "only images" message). */
  wrongFormatText?: string;
  /** The edit link's token: a stored photo of an application not listed yet is shown only with it. */
  editToken?: string;
  /** Without a connection, keep the photo on the device to upload with the form's queued submit (the rep's visit). */
  keepOffline?: boolean;
}

type Status = { kind: 'idle' } | { kind: 'loading'; progress: number } | { kind: 'error'; reason: PhotoUploadError | 'cameraDenied' | 'notKept' };

/** A solution is used well before its challenge expires on the server (10 minutes). */
const BOT_CHECK_FRESH_MS = 8 * 60 * 1000;
type Facing = 'user' | 'environment';

/** Client-side checks before uploading (spec §5: an image, at most 5 MB). */
export function checkPhotoFile(file: Pick<File, 'type' | 'size'>, accept?: readonly string[]): PhotoUploadError | null {
  if (accept ? !accept.includes(file.type) : !file.type.startsWith('image/')) return 'wrongFormat';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooBig';
  return null;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** Draws the centre square of a video frame into a CAMERA_CAPTURE_SIZE square JPEG. */
function captureSquare(video: HTMLVideoElement): string {
  const size = CAMERA_CAPTURE_SIZE;
  const width = video.videoWidth || size;
  const height = video.videoHeight || size;
  const side = Math.min(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(video, (width - side) / 2, (height - side) / 2, side, side, 0, 0, size, size);
  return canvas.toDataURL(CAMERA_CAPTURE_TYPE, 0.9);
}

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

/** A photo kept on the device (not uploaded yet) shown from there: its object URL while mounted. */
function useKeptPhotoUrl(filename: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!isKeptPhoto(filename)) return setUrl(null);
    let made: string | null = null;
    let live = true;
    void keptPhotoUrl(filename).then((found) => {
      made = found;
      if (live) setUrl(found);
      else if (found) URL.revokeObjectURL(found);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [filename]);
  return url;
}

export function PhotoInput({ id, label, hint, error, filename, onChange, accept, wrongFormatText, editToken, keepOffline = false }: PhotoInputProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [facing, setFacing] = useState<Facing>('user');
  const [canSwitch, setCanSwitch] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const upload = useRef<AbortController | null>(null);
  const botCheck = useRef<{ token: Promise<string>; solvedFrom: number } | null>(null);
  // Only a browser that can film has the camera button: the server's HTML has none, and it appears once the input is React's.
  const hasCamera = !useHydrating() && typeof navigator.mediaDevices?.getUserMedia === 'function';
  const kept = isKeptPhoto(filename);
  const keptUrl = useKeptPhotoUrl(filename);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play?.()?.catch(() => undefined);
    }
  }, [stream]);

  useEffect(
    () => () => {
      stopStream(streamRef.current);
      upload.current?.abort();
    },
    [],
  );

  /** Starts solving the next upload's bot check, unless a fresh one is on its way. */
  const prepareBotCheck = () => {
    if (botCheck.current && Date.now() - botCheck.current.solvedFrom < BOT_CHECK_FRESH_MS) return;
    const token = solveBotCheck();
    token.catch(() => undefined);
    botCheck.current = { token, solvedFrom: Date.now() };
  };

  const takeBotCheck = () => {
    prepareBotCheck();
    const token = botCheck.current!.token;
    botCheck.current = null;
    return token;
  };

  const startUpload = async (getDataUrl: () => Promise<string>) => {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setStatus({ kind: 'loading', progress: 0 });
    try {
      const dataUrl = await getDataUrl();
      // No connection: the rep's visit keeps the photo on the phone and uploads it when it is sent.
      if (keepOffline && navigator.onLine === false) {
        const name = await keepPhoto(dataUrl);
        if (controller.signal.aborted) return;
        if (!name) return setStatus({ kind: 'error', reason: 'notKept' });
        setStatus({ kind: 'idle' });
        return onChange({ filename: name, targetId: '' });
      }
      const send = async () =>
        saveTempPharmacistImage(dataUrl, {
          recaptchaToken: await takeBotCheck(),
          signal: controller.signal,
          onProgress: (fraction) => setStatus({ kind: 'loading', progress: Math.round(fraction * 100) }),
        });
      // A refused solution (expired meanwhile, say) is replaced once by a fresh one.
      const photo = await send().catch((failure: unknown) => {
        if (failure instanceof PhotoUploadFailure && failure.reason === 'botCheck' && !controller.signal.aborted) return send();
        throw failure;
      });
      if (controller.signal.aborted) return;
      setStatus({ kind: 'idle' });
      onChange(photo);
    } catch (failure) {
      if (controller.signal.aborted) return;
      const reason = failure instanceof PhotoUploadFailure ? failure.reason : 'unexpected';
      setStatus({ kind: 'error', reason: reason === 'botCheck' ? 'serverIssue' : reason });
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkPhotoFile(file, accept);
    if (problem) {
      setStatus({ kind: 'error', reason: problem });
      return;
    }
    void startUpload(() => readAsDataUrl(file));
  };

  const openCamera = async (mode: Facing) => {
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: mode }, audio: false });
      streamRef.current = media;
      setStream(media);
      setFacing(mode);
      setStatus({ kind: 'idle' });
      const devices = await navigator.mediaDevices.enumerateDevices?.().catch(() => []);
      setCanSwitch((devices ?? []).filter((device) => device.kind === 'videoinput').length > 1);
    } catch (failure) {
      const name = failure instanceof Error || failure instanceof DOMException ? failure.name : '';
      setStatus({ kind: 'error', reason: name === 'NotAllowedError' || name === 'SecurityError' ? 'cameraDenied' : 'unexpected' });
    }
  };

  const closeCamera = () => {
    stopStream(streamRef.current);
    streamRef.current = null;
    setStream(null);
  };

  const toggleCamera = () => {
    if (stream) closeCamera();
    else void openCamera(facing);
  };

  const switchCamera = () => {
    closeCamera();
    void openCamera(facing === 'user' ? 'environment' : 'user');
  };

  const takePhoto = () => {
    const element = video.current;
    if (!element) return;
    let dataUrl: string;
    try {
      dataUrl = captureSquare(element);
    } catch {
      setStatus({ kind: 'error', reason: 'unexpected' });
      return;
    }
    closeCamera();
    void startUpload(() => Promise.resolve(dataUrl));
  };

  const remove = () => {
    upload.current?.abort();
    if (kept) void dropKeptPhoto(filename);
    setStatus({ kind: 'idle' });
    onChange(null);
    fileInput.current?.focus();
  };

  const loading = status.kind === 'loading';
  const statusMessage =
    status.kind === 'loading'
      ? t('components.photo.uploading', { progress: status.progress })
      : status.kind === 'error'
        ? status.reason === 'wrongFormat' && wrongFormatText
          ? wrongFormatText
          : t(`components.photo.errors.${status.reason}`)
        : kept
          ? t('components.photo.keptOffline')
          : filename
            ? t('components.photo.uploaded')
            : '';
  const shownError = error ?? (status.kind === 'error' ? statusMessage : undefined);

  return (
    <div
      className={['pc-form-group', shownError ? 'pc-form-group--error' : ''].filter(Boolean).join(' ')}
      role="group"
      aria-labelledby={`${id}-legend`}
      onFocus={prepareBotCheck}
      onPointerEnter={prepareBotCheck}
    >
      <div id={`${id}-legend`} className="pc-label">
        {label}
      </div>
      {hint ? <Hint id={id}>{hint}</Hint> : null}
      {shownError ? <ErrorMessage id={id}>{shownError}</ErrorMessage> : null}
      {kept && !shownError ? <p className="pc-body pc-photo__kept">{t('components.photo.keptOffline')}</p> : null}
      <div className="pc-photo">
        <div className="pc-photo__frame">
          {stream ? (
            <video ref={video} autoPlay playsInline muted aria-label={t('components.photo.cameraPreview')} />
          ) : filename && !loading && (!kept || keptUrl) ? (
            <img src={kept ? keptUrl! : photoUrl(filename, editToken)} alt={t('components.photo.previewAlt')} />
          ) : (
            <svg className="pc-photo__placeholder" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
            </svg>
          )}
        </div>
        <div className="pc-photo__actions">
          {loading ? <progress className="pc-photo__progress" max={100} value={status.progress} aria-label={t('components.photo.progressLabel')} /> : null}
          {stream ? (
            <div className="pc-button-group">
              <button type="button" className="pc-button" onClick={takePhoto}>
                {t('components.photo.takePhoto')}
              </button>
              {canSwitch ? (
                <button type="button" className="pc-button pc-button--secondary" onClick={switchCamera}>
                  {t('components.photo.switchCamera')}
                </button>
              ) : null}
            </div>
          ) : null}
          {!stream ? (
            <span>
              <input
                ref={fileInput}
                id={id}
                type="file"
                accept={accept ? accept.join(',') : 'image/*'}
                className="pc-file-input"
                disabled={loading}
                aria-describedby={describedBy(id, { hint, error: shownError })}
                aria-invalid={shownError ? true : undefined}
                onChange={onFile}
              />
              <label htmlFor={id} className="pc-button pc-button--secondary">
                {filename ? t('components.photo.chooseAnother') : t('components.photo.choose')}
              </label>
            </span>
          ) : null}
          {hasCamera ? (
            <button type="button" className="pc-button pc-button--secondary" aria-pressed={stream !== null} onClick={toggleCamera} disabled={loading}>
              {t('components.photo.camera')}
            </button>
          ) : null}
          {filename && !loading && !stream ? (
            <button type="button" className="pc-link-button" onClick={remove}>
              {t('components.photo.remove')}
            </button>
          ) : null}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {status.kind === 'loading' ? t('components.photo.uploadingStarted') : statusMessage}
      </p>
    </div>
  );
}
