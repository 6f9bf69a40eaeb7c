/**
 * Enter on a field screen moves to the next field, as a gloved driver expects from the phone's
 * "Next" key; Enter on the last field saves. A picker (combobox) first lets the widget pick the
 * highlighted item (a scanner ends with Enter) and moves on only once something is picked or the
 * box is empty. Buttons, text areas and links keep their own Enter.
 */

export type EnterAction = 'native' | 'next' | 'submit' | 'after-pick';

export interface EnterTarget {
  tag: string;
  type?: string | null;
  role?: string | null;
  isLast: boolean;
}

const NATIVE_INPUT_TYPES = new Set(['button', 'submit', 'reset', 'image', 'file']);

/** What Enter does on this element. Pure: the DOM half is `handleEnter`. */
export function enterAction({ tag, type, role, isLast }: EnterTarget): EnterAction {
  const t = tag.toLowerCase();
  if (t === 'textarea' || t === 'button' || t === 'a') return 'native';
  if (t === 'input' && type && NATIVE_INPUT_TYPES.has(type.toLowerCase())) return 'native';
  if (t !== 'input' && t !== 'select') return 'native';
  if (role === 'combobox') return 'after-pick';
  return isLast ? 'submit' : 'next';
}

/**
 * The fields Enter walks through, in document order: visible, enabled, editable; one radio per group (the checked one).
 */
export function fieldsOf(form: HTMLElement): HTMLElement[] {
  return [
    ...form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'),
  ].filter((el) => {
    if (el.disabled || el.closest('[hidden], [inert]')) return false;
    if (el instanceof HTMLInputElement) {
      if (el.type === 'hidden' || NATIVE_INPUT_TYPES.has(el.type) || el.readOnly) return false;
      if (el.type === 'radio' && !el.checked) return false;
    }
    return el.getClientRects().length > 0;
  });
}

/** Focuses a field and, when it sits under the sticky save bar or the top bar, scrolls it to the middle. */
export function focusField(el: HTMLElement, bar?: HTMLElement | null) {
  el.focus({ preventScroll: true });
  const r = el.getBoundingClientRect();
  const bottom = bar ? bar.getBoundingClientRect().top : (window.visualViewport?.height ?? window.innerHeight);
  if (r.bottom > bottom - 8 || r.top < 64) el.scrollIntoView({ block: 'center' });
}

/**
 * The form's keydown handler: returns true when it took the Enter. `submit` saves the form (the
 * same path as the Save button); `bar` is the sticky save bar (fields under it are scrolled up).
 */
export function handleEnter(
  e: {
    key: string;
    target: EventTarget | null;
    shiftKey?: boolean;
    altKey?: boolean;
    ctrlKey?: boolean;
    metaKey?: boolean;
    isComposing?: boolean;
    preventDefault: () => void;
  },
  form: HTMLFormElement,
  submit: () => void,
  bar?: HTMLElement | null,
): boolean {
  if (e.key !== 'Enter' || e.isComposing || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return false;
  const el = e.target as HTMLElement | null;
  if (!el || !form.contains(el)) return false;
  const fields = fieldsOf(form);
  const i = fields.indexOf(el);
  const action = enterAction({
    tag: el.tagName,
    type: el.getAttribute('type'),
    role: el.getAttribute('role'),
    isLast: i !== -1 && i === fields.length - 1,
  });
  if (action === 'native' || i === -1) return false;
  e.preventDefault();
  const move = () => {
    const now = fieldsOf(form); // the form may have changed (a PIN box after picking the employee)
    const at = now.indexOf(el);
    const next = at === -1 ? undefined : now[at + 1];
    if (next) focusField(next, bar);
    else submit();
  };
  if (action === 'next') move();
  else if (action === 'submit') submit();
  else {
    // Let the picker take the highlighted item first; move on once it has a value or was left empty.
    setTimeout(() => {
      if (document.activeElement !== el) return;
      const input = el as HTMLInputElement;
      if (input.dataset.picked === 'true' || input.value.trim() === '') move();
    }, 0);
  }
  return true;
}
