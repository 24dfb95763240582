// The map and the bot check load only when the visitor gets near them (or, for the bot check,
// starts filling in the form), so their code never competes with the form's first paint.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderInSite } from '../test/render.tsx';
import { Captcha } from './captcha.tsx';
import { MapView } from './map-view.tsx';

vi.mock('./altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('./leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

/** A stand-in IntersectionObserver the test drives: `scrollNear()` reports every watched element as near. */
const observed = new Set<IntersectionObserverCallback>();
class FakeIntersectionObserver {
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
  }
  observe() {
    observed.add(this.callback);
  }
  disconnect() {
    observed.delete(this.callback);
  }
}
function scrollNear() {
  act(() => {
    for (const callback of [...observed]) callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

/** Lets lazy chunks resolve, so "not loaded" means not requested rather than not arrived yet. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
afterEach(() => {
  cleanup();
  observed.clear();
  vi.unstubAllGlobals();
});

const captcha = <Captcha id="recaptchaToken" label="Bot check" verified={false} onVerified={() => {}} onReset={() => {}} />;

describe('below-the-fold parts', () => {
  it('loads the map only when it comes near the screen', async () => {
    await renderInSite(<MapView country="uk" tilesUrl="" attribution="" label="Map of your pharmacy" />);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Loading map');
    expect(screen.queryByRole('region', { name: 'Map of your pharmacy' })).toBeNull();
    scrollNear();
    expect(await screen.findByRole('region', { name: 'Map of your pharmacy' })).toHaveTextContent('no marker');
  });

  it('loads the bot check when it comes near the screen', async () => {
    await renderInSite(captcha);
    await settle();
    expect(screen.queryByRole('button', { name: 'Solve bot check' })).toBeNull();
    scrollNear();
    expect(await screen.findByRole('button', { name: 'Solve bot check' })).toBeInTheDocument();
  });

  it('starts the bot check as soon as the visitor moves into the form, even far above it', async () => {
    await renderInSite(
      <form>
        <input aria-label="First name" />
        {captcha}
      </form>,
    );
    await settle();
    expect(screen.queryByRole('button', { name: 'Solve bot check' })).toBeNull();
    fireEvent.focusIn(screen.getByRole('textbox', { name: 'First name' }));
    expect(await screen.findByRole('button', { name: 'Solve bot check' })).toBeInTheDocument();
  });
});
