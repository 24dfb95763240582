// The fields a visitor changed in the server's HTML before hydration, read as react-hook-form
// holds them (decision 0039); a field outside a form is not read.
import { describe, expect, it } from 'vitest';
import { typedBeforeHydration } from './typed-before-hydration.ts';

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('typedBeforeHydration', () => {
  it('reads the text, choices and boxes that differ from the HTML, and nothing else', () => {
    const root = page(`<form>
      <input name="email" type="email"><input name="firstName" value="Ann"><input name="lastName">
      <textarea name="note"></textarea>
      <input type="radio" name="locum" value="yes"><input type="radio" name="locum" value="no">
      <input type="checkbox" name="agree"><input type="checkbox" name="kept" checked>
      <input type="checkbox" name="days" value="mon"><input type="checkbox" name="days" value="tue">
      <select name="body"><option value="">-</option><option value="GPhC">GPhC</option></select>
      <input type="file" name="photo">
    </form><input name="outside">`);
    const field = <T extends Element>(selector: string) => root.querySelector(selector) as T;
    field<HTMLInputElement>('[name=email]').value = 'ann@example.org';
    field<HTMLTextAreaElement>('[name=note]').value = 'Evenings only';
    field<HTMLInputElement>('[name=locum][value=no]').checked = true;
    field<HTMLInputElement>('[name=agree]').checked = true;
    field<HTMLInputElement>('[name=kept]').checked = false;
    field<HTMLInputElement>('[name=days][value=tue]').checked = true;
    field<HTMLSelectElement>('[name=body]').value = 'GPhC';
    field<HTMLInputElement>('[name=outside]').value = 'not in a form';
    expect(typedBeforeHydration(root)).toEqual({
      email: 'ann@example.org',
      note: 'Evenings only',
      locum: 'no',
      agree: true,
      kept: false,
      days: ['tue'],
      body: 'GPhC',
    });
  });
});
