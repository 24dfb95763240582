import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { keepWidgetMarkupValid } from './altcha-widget-markup.ts';

afterEach(() => document.body.replaceChildren());

/** What the ALTCHA widget renders, as it renders it (altcha/dist/external/altcha.js). */
function widget(): HTMLElement {
  const host = document.createElement('altcha-widget');
  host.innerHTML =
    '<div class="altcha"><div class="altcha-checkbox"><input type="checkbox" id="altcha-checkbox-1"></div><input type="hidden" name="altcha"></div>';
  document.body.append(host);
  return host;
}

/** Its updates: `div.dir = div.dir` (an empty dir attribute where there was none) and the checkbox's `name: ""`. */
function writeAsTheWidgetDoes(root: HTMLDivElement, checkbox: HTMLInputElement) {
  const dir = root.dir;
  root.dir = dir;
  checkbox.setAttribute('name', '');
}

describe('keepWidgetMarkupValid', () => {
  it('takes off the empty dir and name the widget writes, on every update, and keeps the real ones', async () => {
    const host = widget();
    const root = host.querySelector<HTMLDivElement>('.altcha')!;
    const checkbox = host.querySelector<HTMLInputElement>('input[type=checkbox]')!;
    writeAsTheWidgetDoes(root, checkbox);
    expect(host.querySelectorAll('[dir=""], input[name=""]')).toHaveLength(2);
    const stop = keepWidgetMarkupValid(host);
    expect(host.querySelectorAll('[dir=""], input[name=""]')).toHaveLength(0);

    // The widget's next update writes them again.
    writeAsTheWidgetDoes(root, checkbox);
    await waitFor(() => expect(host.querySelectorAll('[dir=""], input[name=""]')).toHaveLength(0));
    expect(host.querySelector('input[type=hidden]')).toHaveAttribute('name', 'altcha');
    root.dir = 'rtl';
    await Promise.resolve();
    expect(root).toHaveAttribute('dir', 'rtl');
    stop();
  });
});
