import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderInSite } from '../test/render.tsx';
import { MAX_UPLOAD_BYTES } from '#shared/limits.ts';
import { PhotoInput, checkPhotoFile } from './photo-input.tsx';

// Each upload carries a bot-check solution solved in the background: here, numbered fakes.
let solved = 0;
vi.mock('../lib/solve-bot-check.ts', () => ({ solveBotCheck: vi.fn(async () => `solution-${++solved}`) }));

interface FakeReply {
  status: number;
  body: string;
}

/** Replies used first, one per request, before `reply`. */
const nextReplies: FakeReply[] = [];
let reply: FakeReply = { status: 200, body: JSON.stringify({ status: 'ok', filename: 'abcdefghijkl.jpg', target_id: '0b9e1f3c-1111-4a4a-8b8b-123456789abc' }) };
const sent: FormData[] = [];
/** When set, the upload answers only once the test opens it (no race with a timer). */
let replyGate: Promise<void> | null = null;

class FakeXhr extends EventTarget {
  upload = new EventTarget();
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  send(body: FormData) {
    sent.push(body);
    setTimeout(() => {
      const progress = new Event('progress') as ProgressEvent;
      Object.assign(progress, { lengthComputable: true, loaded: 50, total: 100 });
      this.upload.dispatchEvent(progress);
    }, 1);
    const respond = () => {
      const answer = nextReplies.shift() ?? reply;
      this.status = answer.status;
      this.responseText = answer.body;
      this.dispatchEvent(new Event('load'));
    };
    if (replyGate) void replyGate.then(respond);
    else setTimeout(respond, 5);
  }
}

function Harness() {
  const [filename, setFilename] = useState('');
  return <PhotoInput id="photo" label="Your photo" filename={filename} onChange={(photo) => setFilename(photo?.filename ?? '')} />;
}

const photoError = () => document.getElementById('photo-error');
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  sent.length = 0;
  nextReplies.length = 0;
  solved = 0;
  replyGate = null;
  reply = { status: 200, body: JSON.stringify({ status: 'ok', filename: 'abcdefghijkl.jpg', target_id: '0b9e1f3c-1111-4a4a-8b8b-123456789abc' }) };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('checkPhotoFile', () => {
  it('accepts images up to 5 MB', () => {
    expect(checkPhotoFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkPhotoFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe('tooBig');
    expect(checkPhotoFile({ type: 'application/pdf', size: 10 })).toBe('wrongFormat');
  });
});

describe('PhotoInput', () => {
  it("shows a stored photo through the edit link's token, which an unlisted application's photo needs", async () => {
    renderInSite(<PhotoInput id="photo" label="Your photo" filename="stored_photo.jpg" editToken="tok/en" onChange={() => {}} />);
    expect((await screen.findByRole('img')).getAttribute('src')).toBe('/files/photos/stored_photo.jpg?token=tok%2Fen');
  });

  it('uploads a chosen image, shows the preview, and removes it again', async () => {
    const user = userEvent.setup();
    await renderInSite(<Harness />);
    await user.upload(screen.getByLabelText('Choose a photo'), png());
    expect(await screen.findByRole('img', { name: 'Your uploaded photo' })).toHaveAttribute('src', '/files/photos/abcdefghijkl.jpg');
    // The image's own bytes as a file part, beside its solved bot check.
    expect(sent[0]!.get('recaptchaToken')).toBe('solution-1');
    const file = sent[0]!.get('file') as Blob;
    expect(file.type).toBe('image/png');
    expect([...new Uint8Array(await file.arrayBuffer())].slice(0, 4)).toEqual([137, 80, 78, 71]);
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose a photo')).toHaveFocus();
  });

  it('sends each upload with a solution of its own, and replaces a refused solution once', async () => {
    const user = userEvent.setup();
    await renderInSite(<Harness />);
    await user.upload(screen.getByLabelText('Choose a photo'), png());
    await screen.findByRole('img', { name: 'Your uploaded photo' });
    nextReplies.push({ status: 400, body: JSON.stringify({ status: 'failed', message: 'invalid', errors: { recaptchaToken: 'validation.captcha' } }) });
    await user.upload(screen.getByLabelText('Choose a different photo'), png());
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((body) => body.get('recaptchaToken'))).toEqual(['solution-1', 'solution-2', 'solution-3']);
    expect(await screen.findByRole('img', { name: 'Your uploaded photo' })).toBeInTheDocument();
    expect(photoError()).toBeNull();
  });

  it('says so when too many photos came from this connection today', async () => {
    reply = { status: 429, body: JSON.stringify({ status: 'failed', message: 'tooManyRequests' }) };
    const user = userEvent.setup();
    await renderInSite(<Harness />);
    await user.upload(screen.getByLabelText('Choose a photo'), png());
    await waitFor(() =>
      expect(photoError()).toHaveTextContent('A lot of photos have already been uploaded from this connection today. Please try again tomorrow.'),
    );
  });

  it('shows upload progress while loading', async () => {
    let openGate!: () => void;
    replyGate = new Promise((resolve) => (openGate = resolve));
    const user = userEvent.setup();
    await renderInSite(<Harness />);
    await user.upload(screen.getByLabelText('Choose a photo'), png());
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '50'));
    openGate();
    await screen.findByRole('img');
  });

  it('refuses a file that is not an image without uploading it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderInSite(<Harness />);
    await user.upload(screen.getByLabelText('Choose a photo'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(photoError()).toHaveTextContent('Wrong file format! Only images!');
    expect(screen.getByLabelText('Choose a photo')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(0);
  });

  it('refuses a file over 5 MB without uploading it', async () => {
    const user = userEvent.setup();
    await renderInSite(<Harness />);
    await user.upload(screen.getByLabelText('Choose a photo'), new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' }));
    expect(photoError()).toHaveTextContent('Sorry that file is too big. Please try again.');
    expect(sent).toHaveLength(0);
  });

  it.each([
    [{ status: 415, body: JSON.stringify({ status: 'failed', message: 'wrongFormat' }) }, 'Wrong file format! Only images!'],
    [{ status: 422, body: '' }, 'Wrong file format! Only images!'],
    [{ status: 413, body: JSON.stringify({ status: 'failed', message: 'tooBig' }) }, 'Sorry that file is too big. Please try again.'],
    [{ status: 500, body: JSON.stringify({ status: 'failed', message: 'internal' }) }, 'Sorry there is a temporary server issue. Please try again.'],
    [{ status: 200, body: JSON.stringify({ status: 'ok' }) }, 'Sorry there was an error. Please try again.'],
  ])('shows the server refusal %o', async (answer, message) => {
    reply = answer;
    const user = userEvent.setup();
    await renderInSite(<Harness />);
    await user.upload(screen.getByLabelText('Choose a photo'), png());
    await waitFor(() => expect(photoError()).toHaveTextContent(message));
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('says so when camera permission is denied', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')), enumerateDevices: vi.fn().mockResolvedValue([]) },
    });
    const user = userEvent.setup();
    await renderInSite(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Use camera' }));
    await waitFor(() => expect(photoError()).toHaveTextContent('Camera permission denied!'));
  });

  it('turns the camera on and off, and offers to switch when there are two cameras', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    const getUserMedia = vi.fn().mockResolvedValue(stream);
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia, enumerateDevices: vi.fn().mockResolvedValue([{ kind: 'videoinput' }, { kind: 'videoinput' }]) },
    });
    const user = userEvent.setup();
    await renderInSite(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Use camera' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByRole('button', { name: 'Switch camera' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch camera' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenLastCalledWith({ video: { facingMode: 'environment' }, audio: false }));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(stop).toHaveBeenCalled();
  });
});
